import { describe, expect, it, vi } from 'vitest';
import { type AppConfig, DEFAULT_CONFIG } from '../../app/epos/app-config.ts';
import type { SettingsAnswer } from '../../app/epos/client.ts';
import { type ConfigDeps, createConfigState } from '../../app/page/config-state.ts';
import { createWriter } from '../../app/page/writer.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import type { TillDb } from '../../app/store/db.ts';
import { StoreError } from '../../app/store/errors.ts';
import { problemText } from '../../app/ui/problem-text.ts';
import { freshDb } from '../store/fixture.ts';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STORED = { version: 1, tillName: 'Stored till', refreshMinutes: 20 };
const SERVER = { version: 1, tillName: 'Server till', currency: 'EUR', theirs: true };

type Channel = NonNullable<ConfigDeps['channel']> & { sent: WorkerMessage[]; deliver(message: WorkerMessage): void };

/** Channels that behave like BroadcastChannels of one name: a post reaches every other member, never its sender. */
function bus(): () => Channel {
  const members = new Set<EventTarget>();
  return () => {
    const target = new EventTarget();
    members.add(target);
    const deliver = (data: WorkerMessage): void => void target.dispatchEvent(new MessageEvent('message', { data }));
    const sent: WorkerMessage[] = [];
    return {
      sent,
      deliver,
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      postMessage(data: WorkerMessage) {
        sent.push(data);
        for (const member of members)
          if (member !== target) member.dispatchEvent(new MessageEvent('message', { data }));
      },
    };
  };
}

/** A promise resolved or rejected from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

async function setup(
  options: {
    stored?: unknown;
    getSettings?: () => Promise<unknown>;
    noClient?: boolean;
    db?: TillDb;
    channel?: Channel;
    withLock?: ConfigDeps['withLock'];
    marks?: ConfigDeps['marks'];
  } = {},
) {
  const db = options.db ?? (await freshDb());
  if (options.stored !== undefined)
    await db.put('settings', { key: 'app', document: options.stored, storedAt: NOW - 1 });
  const channel = options.channel ?? bus()();
  const fetch = options.getSettings ?? (async () => SERVER);
  const getSettings = vi.fn(async (): Promise<SettingsAnswer> => ({ document: await fetch(), storedAt: null }));
  const writer = createWriter({ db, channel, now: () => NOW, notify: () => undefined, waitMs: 10 });
  const state = createConfigState({
    db,
    client: options.noClient ? undefined : { getSettings },
    writer,
    channel,
    now: () => NOW,
    ...(options.withLock ? { withLock: options.withLock } : {}),
    ...(options.marks ? { marks: options.marks } : {}),
  });
  return { db, channel, getSettings, writer, state };
}

/** Two pages of one till (one database, one bus), each with the server's settings fetched. */
async function twoPages() {
  const join = bus();
  const db = await freshDb();
  const first = await setup({ db, channel: join() });
  const second = await setup({ db, channel: join() });
  await first.state.refresh();
  await second.state.refresh();
  return { join, db, first, second };
}

const CHANGED: AppConfig = { ...DEFAULT_CONFIG, tillName: 'Saved here', favourites: [4, 2] };

describe('ConfigState', () => {
  it('shows the stored document first, then the server’s, which it stores', async () => {
    const server = deferred<unknown>();
    const { db, state } = await setup({ stored: STORED, getSettings: () => server.promise });
    expect(state.get()).toMatchObject({ status: 'empty', source: 'none', document: null });
    await vi.waitFor(() => expect(state.get().source).toBe('stored'));
    expect(state.get().config).toEqual({ ...DEFAULT_CONFIG, tillName: 'Stored till', refreshMinutes: 20 });

    server.resolve(SERVER);
    await vi.waitFor(() => expect(state.get().source).toBe('server'));
    expect(state.get()).toMatchObject({ status: 'ok', document: SERVER, unknownKeys: ['theirs'], error: null });
    expect(state.get().config.currency).toBe('EUR');
    expect((await db.get('settings', 'app'))?.document).toEqual(SERVER);
    state.close();
  });

  it('tells its listeners of each change', async () => {
    const { state } = await setup({ stored: STORED });
    const listener = vi.fn();
    state.subscribe(listener);
    await vi.waitFor(() => expect(state.get().source).toBe('server'));
    expect(listener).toHaveBeenCalled();
    state.close();
  });

  it('keeps the stored document when the fetch fails, and says so', async () => {
    const { state } = await setup({ stored: STORED, getSettings: () => Promise.reject(new Error('Failed to fetch')) });
    await vi.waitFor(() => expect(state.get().error).not.toBeNull());
    expect(state.get().error).toEqual({
      code: 'settings-unfetchable',
      cause: expect.objectContaining({ message: 'Failed to fetch' }),
    });
    expect(problemText(state.get().error!, state.get())).toBe(
      'The settings could not be fetched (Failed to fetch); the stored settings are in use.',
    );
    expect(state.get()).toMatchObject({ source: 'stored', document: STORED });
    state.close();
  });

  it('says defaults are in use when a fetch fails with nothing stored, and clears that when a fetch works', async () => {
    let fail = true;
    const { state } = await setup({ getSettings: async () => (fail ? Promise.reject(new Error('offline')) : null) });
    await vi.waitFor(() => expect(state.get().error?.code).toBe('settings-unfetchable'));
    expect(problemText(state.get().error!, state.get())).toBe(
      'The settings could not be fetched (offline); defaults are in use.',
    );
    expect(state.get()).toMatchObject({ source: 'none', status: 'empty', config: DEFAULT_CONFIG });
    fail = false;
    await state.refresh();
    // The server has nothing saved either: still defaults, but no longer an error.
    expect(state.get()).toMatchObject({ source: 'none', error: null });
    state.close();
  });

  it('keeps the stored good document in use when Epos Now sends one that is not this app’s, and says what came and what is wrong', async () => {
    const GOOD = { version: 1, tillName: 'Front', currency: 'EUR', locale: 'de-DE' };
    const cases: [unknown, RegExp][] = [
      [[1, 2, 3], /a list, not a settings object/],
      [{ theme: 'dark', widgets: [] }, /not this app’s/],
      ['<html>Sign in to the Wi-Fi</html>', /plain text, not a settings object/],
    ];
    for (const [foreign, wrong] of cases) {
      const { db, state } = await setup({ stored: GOOD, getSettings: async () => foreign });
      await vi.waitFor(() => expect(state.get().rejected).not.toBeNull());
      expect(state.get()).toMatchObject({
        source: 'stored',
        document: GOOD,
        status: 'ok',
        config: { currency: 'EUR', locale: 'de-DE' },
        error: null,
      });
      expect(state.get().rejected?.document).toEqual(foreign);
      expect(state.get().rejected?.problem).toMatch(wrong);
      expect((await db.get('settings', 'app'))?.document).toEqual(GOOD);
      state.close();
    }
  });

  it('shows a foreign document when nothing good is stored, and forgets a rejection once a good one comes', async () => {
    let answer: unknown = ['not', 'ours'];
    const { state } = await setup({ getSettings: async () => answer });
    await vi.waitFor(() => expect(state.get().status).toBe('foreign'));
    expect(state.get()).toMatchObject({ source: 'server', rejected: null, config: DEFAULT_CONFIG });
    answer = SERVER;
    await state.refresh();
    answer = 'plain';
    await state.refresh();
    expect(state.get()).toMatchObject({ source: 'stored', document: SERVER, rejected: { document: 'plain' } });
    answer = { ...SERVER, tillName: 'Renamed' };
    await state.refresh();
    expect(state.get()).toMatchObject({ source: 'server', rejected: null, config: { tillName: 'Renamed' } });
    // A save made here replaces what Epos Now sent, so its rejection no longer stands.
    answer = [];
    await state.refresh();
    expect(state.get().rejected).not.toBeNull();
    await state.save({ ...DEFAULT_CONFIG, tillName: 'Saved' });
    expect(state.get()).toMatchObject({ source: 'stored', rejected: null, config: { tillName: 'Saved' } });
    state.close();
  });

  it('reads only what is stored when the page has no API context', async () => {
    const { state, getSettings } = await setup({ stored: STORED, noClient: true });
    await state.refresh();
    expect(state.get()).toMatchObject({ source: 'stored', document: STORED });
    expect(getSettings).not.toHaveBeenCalled();
    state.close();
  });

  it('keeps a save that waits to be sent over the server’s older document', async () => {
    const { db, state } = await setup({ stored: STORED });
    await vi.waitFor(() => expect(state.get().source).toBe('server'));
    const result = await state.save(CHANGED);
    expect(result.state).toBe('queued');
    const saved = { ...SERVER, version: 1, ...CHANGED };
    expect(state.get()).toMatchObject({ source: 'stored', document: saved, config: CHANGED });

    // The server still has the old one: the till must not fall back to it.
    await state.refresh();
    expect(state.get()).toMatchObject({ source: 'stored', document: saved, config: CHANGED });
    expect((await db.get('settings', 'app'))?.document).toEqual(saved);
    const [entry] = await db.getAll('outbox');
    expect(entry).toMatchObject({ target: 'settings', op: 'save', body: saved });
    state.close();
  });

  it('lays a save over the stored document, so keys it does not know survive', async () => {
    const { state } = await setup({ getSettings: async () => ({ printer: 'kitchen' }) });
    await vi.waitFor(() => expect(state.get().status).toBe('foreign'));
    await state.save(CHANGED);
    expect(state.get().document).toEqual({ printer: 'kitchen', version: 1, ...CHANGED });
    expect(state.get().status).toBe('ok');
    state.close();
  });

  it('saves a raw document as typed, even one with problems', async () => {
    const { state } = await setup();
    await state.refresh();
    await state.saveDocument({ tillName: 7, extra: 1 });
    expect(state.get()).toMatchObject({
      document: { tillName: 7, extra: 1 },
      status: 'partial',
      unknownKeys: ['extra'],
    });
    state.close();
  });

  it('broadcasts a save, and another page on the same database re-reads it', async () => {
    const { first, second } = await twoPages();
    expect(second.state.get().config.tillName).toBe('Server till');

    await first.state.save(CHANGED);
    expect(first.channel.sent.map((m) => m.type)).toContain('settings-changed');
    await vi.waitFor(() => expect(second.state.get().config).toEqual(CHANGED));
    expect(second.state.get().source).toBe('stored');
    first.state.close();
    second.state.close();
  });

  it('shows and announces a save once it is stored, before Epos Now answers', async () => {
    const { join, db, first, second } = await twoPages();
    // A writer whose answer does not come (the till is offline): it says "queued" after 1.5 s.
    const slow = createWriter({ db, channel: join(), now: () => NOW, notify: () => undefined, waitMs: 1_500 });
    const state = createConfigState({ db, client: undefined, writer: slow, channel: join(), now: () => NOW });
    const saving = state.save(CHANGED);
    await vi.waitFor(() => expect(second.state.get().config).toEqual(CHANGED), { timeout: 2_000 });
    expect(state.get().config).toEqual(CHANGED);
    let answered = false;
    void saving.then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(await saving).toMatchObject({ state: 'queued' });
    for (const s of [first.state, second.state, state]) s.close();
  });

  it('neither stores, shows nor broadcasts a save the till could not keep', async () => {
    const full = new StoreError(
      'storage-full',
      "The device's storage is full: saving the change on this till failed. Free some space on the till and try again.",
    );
    const db = await freshDb();
    const channel = bus()();
    const state = createConfigState({
      db,
      client: undefined,
      writer: { write: () => Promise.reject(full) },
      channel,
      now: () => NOW,
    });
    await state.refresh();
    await expect(state.save(CHANGED)).rejects.toBe(full);
    expect(state.get()).toMatchObject({ source: 'none', config: DEFAULT_CONFIG });
    expect(channel.sent).toEqual([]);
    expect(await db.get('settings', 'app')).toBeUndefined();
    state.close();
  });

  it('an answer the worker made from this till\u2019s storage (Epos Now unreachable) is shown as stored, not as from Epos Now, and not stored again', async () => {
    const { db, state, getSettings } = await setup({ stored: STORED });
    getSettings.mockImplementation(async () => ({ document: STORED, storedAt: NOW - 1 }));
    await state.refresh();
    expect(state.get().source).toBe('stored');
    expect(state.get().config.tillName).toBe((STORED as { tillName: string }).tillName);
    expect((await db.get('settings', 'app'))?.storedAt).toBe(NOW - 1);
    state.close();
  });

  it('fetches again when the worker says a catalog pull finished, and stops listening once closed', async () => {
    const { state, channel, getSettings } = await setup();
    await vi.waitFor(() => expect(state.get().source).toBe('server'));
    const calls = getSettings.mock.calls.length;
    expect(calls).toBe(1);
    getSettings.mockImplementation(async () => ({
      document: { version: 1, tillName: 'Renamed on the server' },
      storedAt: null,
    }));
    channel.deliver({ type: 'catalog-changed', kinds: ['Product'] });
    await vi.waitFor(() => expect(state.get().config.tillName).toBe('Renamed on the server'));
    expect(getSettings).toHaveBeenCalledTimes(calls + 1);

    state.close();
    channel.deliver({ type: 'catalog-changed', kinds: ['Product'] });
    channel.deliver({ type: 'settings-changed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getSettings).toHaveBeenCalledTimes(calls + 1);
  });

  it('keeps the document a landed save left on Epos Now, with keys another back office saved meanwhile', async () => {
    const { state, channel, db, getSettings } = await setup();
    await vi.waitFor(() => expect(state.get().source).toBe('server'));
    const merged = { ...SERVER, tillName: 'Saved here', currency: 'USD' };
    channel.deliver({ type: 'write-landed', seq: 1, target: 'settings', sentId: 0, recordId: 0, answer: merged });
    await vi.waitFor(() => expect(state.get().config.currency).toBe('USD'));
    expect((await db.get('settings', 'app'))?.document).toEqual(merged);
    // Heard, not asked for: no request.
    expect(getSettings).toHaveBeenCalledTimes(1);
    // A record's landing says nothing of the settings.
    channel.deliver({
      type: 'write-landed',
      seq: 2,
      target: 'Product',
      sentId: 1,
      recordId: 1,
      answer: { tillName: 'x' },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.get().config.tillName).toBe('Saved here');
  });

  it('after a pull, one page of the till asks Epos Now and the others read what it stored', async () => {
    const join = bus();
    const db = await freshDb();
    // One lock for the till's pages, as Web Locks are: each task waits for the one before.
    let held: Promise<unknown> = Promise.resolve();
    const withLock = <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      const run = held.then(task);
      held = run.catch(() => undefined);
      return run;
    };
    // What Web Locks' state is to the pages: one set, read alike by all.
    const noted = new Set<string>();
    const marks = { note: async (name: string) => void noted.add(name), has: async (name: string) => noted.has(name) };
    const pages = await Promise.all([1, 2, 3].map(() => setup({ db, channel: join(), withLock, marks })));
    for (const page of pages) await vi.waitFor(() => expect(page.state.get().source).toBe('server'));
    const asked = () => pages.reduce((n, page) => n + page.getSettings.mock.calls.length, 0);
    const before = asked();
    for (const page of pages)
      page.getSettings.mockImplementation(async () => ({
        document: { version: 1, tillName: 'After the pull' },
        storedAt: null,
      }));

    for (const page of pages) page.channel.deliver({ type: 'catalog-changed', kinds: [], pull: 7 });
    for (const page of pages) await vi.waitFor(() => expect(page.state.get().config.tillName).toBe('After the pull'));
    expect(asked() - before).toBe(1);
  });

  it('after a pull, without shared marks (no Web Locks), each page asks for itself', async () => {
    const join = bus();
    const db = await freshDb();
    const pages = await Promise.all([1, 2, 3].map(() => setup({ db, channel: join() })));
    for (const page of pages) await vi.waitFor(() => expect(page.state.get().source).toBe('server'));
    const asked = () => pages.reduce((n, page) => n + page.getSettings.mock.calls.length, 0);
    const before = asked();
    for (const page of pages) page.channel.deliver({ type: 'catalog-changed', kinds: [], pull: 7 });
    await vi.waitFor(() => expect(asked() - before).toBe(3));
  });

  it('shows a stored document it cannot read as an error, keeping what it had', async () => {
    const { db, state, channel } = await setup({ stored: STORED, noClient: true });
    await state.refresh();
    db.close();
    channel.deliver({ type: 'settings-changed' });
    await vi.waitFor(() => expect(state.get().error?.code).toBe('settings-unreadable'));
    expect(problemText(state.get().error!)).toMatch(/^The stored settings could not be read \(/);
    expect(state.get().document).toEqual(STORED);
    state.close();
  });
});
