import { describe, expect, it } from 'vitest';
import { enqueue } from '../../app/store/outbox.ts';
import { keepServerSettings, loadSettingsDocument } from '../../app/store/settings-cache.ts';
import { type AnswerDeps, answerApiGet } from '../../sw/api-answers.ts';
import { routeOf } from '../../sw/api-routes.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

const ORIGIN = 'http://standin.test';

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullCatalog({ db, client, now: () => Date.parse('2026-11-22T09:00:00Z') });
  let online = true;
  const viaNetwork = inProcessFetch(standin);
  const deps: AnswerDeps = {
    db: async () => db,
    token: async () => standin.token,
    timeoutMs: 100,
    now: () => 0,
    fetch: (request) => (online ? viaNetwork(request) : Promise.reject(new TypeError('Failed to fetch'))),
  };
  const ask = async (path: string, token = standin.token) => {
    const request = new Request(ORIGIN + path, { headers: { Authorization: `Basic ${token}` } });
    const route = routeOf(request, `${ORIGIN}/`);
    if (!route) throw new Error(`not routed: ${path}`);
    return answerApiGet(request, route, deps);
  };
  return { db, standin, ask, offline: () => (online = false) };
}

describe('API GETs through the worker', () => {
  it('online: the server answers, unmarked', async () => {
    const { ask } = await setup();
    const response = await ask('/api/V2/Product?page=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Epos-Source')).toBeNull();
  });

  it('offline: pages and records come from IndexedDB in the server shape, marked with their age', async () => {
    const { standin, ask, offline } = await setup();
    const online2 = await (await ask('/api/V2/Product?page=2')).json();
    offline();
    const page = await ask('/api/V2/Product?page=2');
    expect(page.status).toBe(200);
    expect(page.headers.get('X-Epos-Source')).toBe('cache');
    expect(page.headers.get('X-Epos-Cached-At')).toBe('2026-11-22T09:00:00.000Z');
    expect(await page.json()).toEqual(online2);
    expect(await (await ask('/api/V2/TenderType/2')).json()).toEqual(standin.record('TenderType', 2));
    const missing = await ask('/api/V2/Product/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Message: 'No Product with id 999999 is stored on this till.' });
    expect(await (await ask('/api/V2/Product?page=99')).json()).toEqual([]);
  });

  it('offline: kinds not kept, and requests without the till token, get an offline refusal', async () => {
    const { ask, offline } = await setup();
    offline();
    for (const [path, token] of [
      ['/api/V2/Customer/?page=1', undefined],
      ['/api/V2/Product?page=1', 'b3RoZXI6dG9rZW4='],
    ] as const) {
      const response = await ask(path, token);
      expect(response.status).toBe(503);
      expect(response.headers.get('X-Epos-Offline')).toBe('1');
      expect(((await response.json()) as { Message: string }).Message).toMatch(/^Offline/);
    }
  });

  it('a server error falls back to stored data; with nothing stored the server error stands', async () => {
    const { standin, ask } = await setup();
    standin.faults.add({ type: 'status', status: 503 });
    expect((await ask('/api/V2/Product?page=1')).headers.get('X-Epos-Source')).toBe('cache');
    const customer = await ask('/api/V2/Customer/?page=1');
    expect(customer.status).toBe(503);
    expect(customer.headers.get('X-Epos-Offline')).toBeNull();
  });

  it('a slow network is not waited for beyond the time limit', async () => {
    const { standin, ask } = await setup();
    standin.faults.add({ type: 'latency', ms: 1_000 });
    const started = Date.now();
    const response = await ask('/api/V2/SeatingTable/?page=1');
    expect(response.headers.get('X-Epos-Source')).toBe('cache');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('settings: kept from the network, served from storage offline', async () => {
    const { db, standin, ask, offline } = await setup();
    standin.settingsText = JSON.stringify({ tillName: 'Front', refreshMinutes: 5 });
    expect(await (await ask('/api/integration/appsettings')).json()).toEqual({ tillName: 'Front', refreshMinutes: 5 });
    offline();
    const stored = await ask('/API/Integrations/AppSettings/');
    expect(stored.headers.get('X-Epos-Source')).toBe('cache');
    expect(await stored.json()).toEqual({ tillName: 'Front', refreshMinutes: 5 });
    expect(await keepServerSettings(db, { tillName: 'Back' }, 1)).toBe(true);
    expect(await (await ask('/api/integration/appsettings')).json()).toEqual({ tillName: 'Back' });
  });

  it('settings: a save made on this till and not yet sent is not overwritten by the server\u2019s older document', async () => {
    const { db, standin, ask } = await setup();
    standin.settingsText = JSON.stringify({ tillName: 'Old' });
    await enqueue(db, { op: 'save', document: { tillName: 'New' } }, 5);
    // The server still has the old one and says so; the till keeps what it saved.
    expect(await (await ask('/api/integration/appsettings')).json()).toEqual({ tillName: 'Old' });
    expect((await loadSettingsDocument(db))?.document).toEqual({ tillName: 'New' });
    expect(await keepServerSettings(db, { tillName: 'Old' }, 6)).toBe(false);
    expect((await loadSettingsDocument(db))?.document).toEqual({ tillName: 'New' });
  });

  it('settings: a foreign or broken document from Epos Now is passed on but not stored over the good one', async () => {
    const { db, standin, ask, offline } = await setup();
    standin.settingsText = JSON.stringify({ tillName: 'Front', currency: 'EUR' });
    await ask('/api/integration/appsettings');
    for (const foreign of [
      '[1,2]',
      JSON.stringify({ theme: 'dark', apiKey: 'x' }),
      JSON.stringify('<html>not json</html>'),
    ]) {
      standin.settingsText = foreign;
      expect(await (await ask('/api/integration/appsettings')).text()).toBe(foreign);
      expect((await loadSettingsDocument(db))?.document, foreign).toEqual({ tillName: 'Front', currency: 'EUR' });
    }
    offline();
    expect(await (await ask('/api/integration/appsettings')).json()).toEqual({ tillName: 'Front', currency: 'EUR' });
  });

  it('settings: an answer to a request older than the stored document is not kept (a save landed meanwhile)', async () => {
    const { db } = await setup();
    // Asked at 5; a save queued at 8 landed and left the outbox; the old answer arrives at 12.
    await enqueue(db, { op: 'save', document: { tillName: 'New' } }, 8);
    await db.clear('outbox');
    expect(await keepServerSettings(db, { tillName: 'Old' }, 12, 5)).toBe(false);
    expect((await loadSettingsDocument(db))?.document).toEqual({ tillName: 'New' });
    // An answer to a request made after it is the server's latest.
    expect(await keepServerSettings(db, { tillName: 'Newer' }, 14, 9)).toBe(true);
    expect((await loadSettingsDocument(db))?.document).toEqual({ tillName: 'Newer' });
  });
});
