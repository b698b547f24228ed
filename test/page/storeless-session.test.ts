import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { type StorelessSession, startStorelessSession } from '../../app/page/storeless-session.ts';
import type { BootContext } from '../../app/store/schema.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';

const CONTEXT: BootContext = {
  baseUrl: 'http://standin.test',
  token: 'unused',
  deviceId: '1',
  locationId: '1',
  staffId: '1',
  username: null,
  locationAreaId: null,
};
const MIN = 60_000;

let session: StorelessSession | undefined;
afterEach(() => session?.stop());

function setup() {
  const standin = createStandin({ products: 250 });
  standin.settingsText = JSON.stringify({ version: 1, tillName: 'Front counter', refreshMinutes: 5 });
  const client = createClient({ baseUrl: CONTEXT.baseUrl, token: standin.token, fetch: inProcessFetch(standin) });
  let clock = Date.UTC(2026, 10, 27, 9);
  session = startStorelessSession(CONTEXT, { client, now: () => clock, checkEveryMs: 20 });
  const advance = (ms: number) => {
    clock += ms;
  };
  const asked = (what: string) => standin.log.filter((entry) => entry.path.includes(what)).length;
  // The first walks, started with the session (a refresh() now would walk again).
  const fetched = () =>
    vi.waitFor(() => expect(session?.catalog.get().meta.every((m) => m.attemptedAt !== null)).toBe(true));
  return { standin, session, advance, asked, fetched };
}

describe('the session of a till without storage', () => {
  it('reads the server’s settings and fetches the catalog', async () => {
    const { session, fetched } = setup();
    await vi.waitFor(() => expect(session.config.get().config.tillName).toBe('Front counter'));
    expect(session.config.get().source).toBe('server');
    await fetched();
    expect(session.catalog.get().index.size).toBe(250);
  });

  it('fetches the catalog and the settings again once the settings’ interval has passed, not before', async () => {
    const { standin, session, advance, asked, fetched } = setup();
    await vi.waitFor(() => expect(session.config.get().config.refreshMinutes).toBe(5));
    await fetched();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([asked('TenderType'), asked('appsettings')]).toEqual([1, 1]);
    standin.settingsText = JSON.stringify({ version: 1, tillName: 'Back bar', refreshMinutes: 5 });
    advance(5 * MIN);
    await vi.waitFor(() => expect(session.config.get().config.tillName).toBe('Back bar'));
    await vi.waitFor(() => expect(asked('TenderType')).toBe(2));
    expect(asked('Product?page=1')).toBe(2);
  });

  it('keeps the settings it had when they cannot be fetched, and says why', async () => {
    const { standin, session, advance } = setup();
    await vi.waitFor(() => expect(session.config.get().config.tillName).toBe('Front counter'));
    standin.faults.add({ type: 'status', status: 503, match: { path: '/api/integration' } });
    advance(5 * MIN);
    await vi.waitFor(() => expect(session.config.get().error?.code).toBe('settings-unfetchable'));
    expect(session.config.get().config.tillName).toBe('Front counter');
  });

  it('stops looking once stopped', async () => {
    const { session, advance, asked, fetched } = setup();
    await fetched();
    session.stop();
    advance(60 * MIN);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked('TenderType')).toBe(1);
  });
});
