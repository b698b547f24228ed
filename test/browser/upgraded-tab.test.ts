/**
 * A tab left open while a newer version of the app opens the database in another tab: its
 * connection is closed under it. It must stop claiming "All changes saved" and ask for a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_NAME, DB_VERSION } from '../../app/store/schema.ts';
import { type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';

describe('a tab whose database a newer tab upgraded', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveApp('upgraded', { products: 50 });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('asks to reload and no longer says its changes are saved', async () => {
    const context = await app.browser.newContext();
    const old = await context.newPage();
    const problems = watchProblems(old);
    await old.goto(app.appUrl());
    await old.getByRole('status', { name: 'Changes' }).filter({ hasText: 'All changes saved' }).waitFor(WAIT);

    // The newer version, in another tab of the same origin (a plain file, so no app of ours runs there).
    const newer = await context.newPage();
    await newer.goto(`${app.server.url}/precache-manifest.json`);
    const version = await newer.evaluate(
      ([name, next]) =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open(name, next);
          request.onsuccess = () => resolve(request.result.version);
          request.onerror = () => reject(request.error);
        }),
      [DB_NAME, DB_VERSION + 1] as const,
    );
    expect(version).toBe(DB_VERSION + 1);

    const alert = old
      .getByRole('alert')
      .filter({ hasText: 'This till was updated in another tab. Reload to carry on.' });
    await alert.waitFor(WAIT);
    expect(await old.getByRole('status', { name: 'Changes' }).count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
