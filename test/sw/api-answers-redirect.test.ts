/** The worker never keeps an answer that came by a redirect: it may not be Epos Now's. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettingsDocument } from '../../app/store/settings-cache.ts';
import { answerApiGet } from '../../sw/api-answers.ts';
import { routeOf } from '../../sw/api-routes.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { freshDb } from '../store/fixture.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe('API GETs through the worker, redirected', () => {
  it('a settings document that came by a redirect to another origin is passed on for the page to judge, never stored', async () => {
    const portal = await startServer({
      api: async () => new Response('{"tillName":"Elsewhere"}', { headers: { 'Content-Type': 'application/json' } }),
    });
    const api = await startServer({
      api: async () => Response.redirect(`${portal.url}/api/integration/appsettings`, 302),
    });
    running.push(portal, api);
    const db = await freshDb();
    const request = new Request(`${api.url}/api/integration/appsettings`, {
      headers: { Authorization: 'Basic dG9rZW4=' },
    });
    const route = routeOf(request, `${api.url}/`);
    if (!route) throw new Error('not routed');
    const answer = await answerApiGet(request, route, {
      db: async () => db,
      token: async () => 'dG9rZW4=',
      timeoutMs: 5_000,
      now: () => 1,
      fetch: (r) => fetch(r),
    });
    expect(answer.redirected).toBe(true);
    expect(await answer.json()).toEqual({ tillName: 'Elsewhere' });
    expect(await loadSettingsDocument(db)).toBeUndefined();
  });
});
