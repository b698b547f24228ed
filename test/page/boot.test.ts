import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { type BootEnv, boot, reopenWithStorage, resolveContext } from '../../app/page/boot.ts';
import { loadContext, saveContext } from '../../app/store/context.ts';
import { openTillDb } from '../../app/store/db.ts';
import { StoreError } from '../../app/store/errors.ts';
import type { BootContext } from '../../app/store/schema.ts';
import { problemText } from '../../app/ui/problem-text.ts';

let opened = 0;
const freshDb = () => openTillDb({ name: `boot-${process.pid}-${++opened}` });

function env(search: string, overrides: Partial<BootEnv> = {}) {
  const replaceState = vi.fn();
  const value: BootEnv = {
    location: { search, pathname: '/till/', hash: '#x' },
    history: { replaceState, state: { kept: true } },
    storage: { persist: async () => true },
    openDb: freshDb,
    ...overrides,
  };
  return { env: value, replaceState };
}

const STORED: BootContext = {
  baseUrl: 'https://api.example.com',
  token: 'b2xk',
  deviceId: '1',
  locationId: '1',
  staffId: '1',
  username: null,
  locationAreaId: null,
};

describe('boot', () => {
  it('takes the context from the query string, stores it and removes only the token from the address bar', async () => {
    const db = await freshDb();
    const { env: e, replaceState } = env('?appToken=dG9rZW4%3D&deviceID=7&locationID=2&staffID=3');
    const resolved = await resolveContext(db, e);
    expect(resolved?.changed).toBe(true);
    expect(resolved?.context).toMatchObject({
      token: 'dG9rZW4=',
      deviceId: '7',
      locationId: '2',
      staffId: '3',
      baseUrl: '',
    });
    expect(replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/?deviceID=7&locationID=2&staffID=3#x');
    expect(await loadContext(db)).toEqual(resolved?.context);
  });

  it('the same context again is not a change; a new token keeps the stored base URL', async () => {
    const db = await freshDb();
    await saveContext(db, STORED);
    const same = await resolveContext(db, env('?appToken=b2xk&deviceID=1&locationID=1&staffID=1').env);
    expect(same).toEqual({ context: STORED, changed: false });
    const next = await resolveContext(db, env('?appToken=bmV3&deviceID=1&locationID=1&staffID=1').env);
    expect(next).toEqual({ context: { ...STORED, token: 'bmV3' }, changed: true });
  });

  it('without a token uses the stored context, else asks for setup', async () => {
    const db = await freshDb();
    const { env: e, replaceState } = env('?deviceID=1');
    expect(await resolveContext(db, e)).toBeUndefined();
    await saveContext(db, STORED);
    expect(await resolveContext(db, e)).toEqual({ context: STORED, changed: false });
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('reports setup or ready with the persistence answer', async () => {
    expect(await boot(env('').env)).toMatchObject({ status: 'setup', persisted: true });
    expect(await boot(env('?appToken=abc', { storage: undefined }).env)).toMatchObject({
      status: 'ready',
      changed: true,
      persisted: 'unsupported',
    });
    expect(await boot(env('', { storage: { persist: async () => false } }).env)).toMatchObject({
      status: 'setup',
      persisted: false,
    });
  });

  it('the sale\u2019s customerId comes with the boot, not the stored context, and leaves the address bar', async () => {
    const db = await freshDb();
    const { env: e, replaceState } = env('?appToken=b2xk&deviceID=1&customerId=7&locationID=1&staffID=1', {
      openDb: async () => db,
    });
    const booted = await boot(e);
    expect(booted).toMatchObject({ status: 'ready', customerId: 7 });
    expect(await loadContext(db)).not.toHaveProperty('customerId');
    // Read once: a reload of this address keeps the sale (and its customer) as the cashier left it.
    expect(replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/?deviceID=1&locationID=1&staffID=1#x');
  });

  it('a customerId without a token (the stored till) is read and taken out of the address too', async () => {
    const db = await freshDb();
    await saveContext(db, STORED);
    const { env: e, replaceState } = env('?customerId=12&deviceID=1', { openDb: async () => db });
    expect(await boot(e)).toMatchObject({ status: 'ready', context: STORED, changed: false, customerId: 12 });
    expect(replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/?deviceID=1#x');
  });

  it('no customerId, or junk, is no customer; setup keeps the one passed for the sale after it', async () => {
    expect(await boot(env('?appToken=abc').env)).toMatchObject({ status: 'ready', customerId: null });
    const junk = env('?appToken=abc&customerId=-3');
    expect(await boot(junk.env)).toMatchObject({ status: 'ready', customerId: null });
    expect(junk.replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/#x');
    expect(await boot(env('?customerId=5').env)).toMatchObject({ status: 'setup', customerId: 5 });
  });

  it('a storage that will not open is a failure with its message, not a rejection', async () => {
    const message =
      "The till's offline storage could not be opened (blocked). Is private browsing on, or storage blocked?";
    const { env: failing, replaceState } = env('?appToken=c2VjcmV0&deviceID=4', {
      openDb: async () => Promise.reject(new StoreError('open-failed', message)),
    });
    const result = await boot(failing);
    expect(result).toEqual({
      status: 'failed',
      problem: { code: 'storage-failed', cause: new StoreError('open-failed', message) },
      persisted: true,
    });
    expect(result.status === 'failed' && problemText(result.problem)).toBe(message);
    // Not kept, and not left in the address bar either.
    expect(replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/?deviceID=4#x');
  });

  it('inside Epos Now (a frame) with a token, starts without storage: the context held in memory, the token gone from the address', async () => {
    const refused = new StoreError(
      'open-failed',
      'The till\u2019s offline storage could not be opened (SecurityError).',
    );
    const { env: e, replaceState } = env('?appToken=c2VjcmV0&deviceID=4&staffID=2&customerId=7', {
      openDb: async () => Promise.reject(refused),
    });
    const result = await boot({ ...e, framed: true });
    expect(result).toEqual({
      status: 'no-storage',
      context: expect.objectContaining({ token: 'c2VjcmV0', deviceId: '4', staffId: '2', baseUrl: '' }),
      problem: { code: 'storage-blocked-in-frame', cause: refused },
      persisted: true,
      // The sale's customer too: the till without storage sells to them as well.
      customerId: 7,
    });
    expect(replaceState).toHaveBeenCalledWith({ kept: true }, '', '/till/?deviceID=4&staffID=2#x');
  });

  it('inside Epos Now (a frame) without a token, says the browser must allow this app\u2019s site data', async () => {
    const message =
      "The till's offline storage could not be opened (UnknownError). Is private browsing on, or storage blocked?";
    const framed = {
      ...env('?deviceID=4', { openDb: async () => Promise.reject(new StoreError('open-failed', message)) }).env,
      framed: true,
    };
    const result = await boot(framed);
    expect(result.status === 'failed' && result.problem.code).toBe('storage-blocked-in-frame');
    expect(result.status === 'failed' && problemText(result.problem)).toBe(
      `${message} Inside Epos Now, the browser must allow this app's site data: in its settings, allow third-party cookies and site data for this app's address.`,
    );
  });

  it('not in a frame, a refused storage with a token still fails: the till runs without storage only inside Epos Now', async () => {
    const result = await boot(
      env('?appToken=c2VjcmV0', {
        openDb: async () => Promise.reject(new StoreError('open-failed', 'refused')),
      }).env,
    );
    expect(result.status).toBe('failed');
  });

  it('reopens with storage once the browser allows it: the context held in memory is stored, as a change', async () => {
    const db = await freshDb();
    const reopened = await reopenWithStorage(STORED, {
      openDb: async () => db,
      storage: { persist: async () => false },
    });
    expect(reopened).toEqual({
      status: 'ready',
      db,
      context: STORED,
      changed: true,
      persisted: false,
      customerId: null,
    });
    expect(await loadContext(db)).toEqual(STORED);
    const still = new StoreError('open-failed', 'still refused');
    expect(await reopenWithStorage(STORED, { openDb: async () => Promise.reject(still), storage: undefined })).toEqual({
      status: 'failed',
      problem: { code: 'storage-blocked-in-frame', cause: still },
      persisted: 'unsupported',
    });
  });

  it('never puts the token in a failure message', async () => {
    const result = await boot(
      env('?appToken=c2VjcmV0LXRva2Vu', {
        openDb: async () => Promise.reject(new TypeError('indexedDB is not defined')),
      }).env,
    );
    expect(result.status === 'failed' && result.problem.code).toBe('start-failed');
    expect(result.status === 'failed' && problemText(result.problem)).toBe(
      'The till app could not start (indexedDB is not defined). Reload the page; if it happens again, contact support.',
    );
    expect(result.status === 'failed' && problemText(result.problem)).not.toContain('c2VjcmV0LXRva2Vu');
  });
});
