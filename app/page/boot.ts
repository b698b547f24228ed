/**
 * Boot: open the database, find out which till this is (query string, else the stored context,
 * else the setup screen), and ask the browser to keep the offline data. The token is stored and
 * then taken out of the address bar; it is never logged or put in a message. In Epos Now's frame,
 * where the browser refuses this site's storage, the context is held in memory instead (the
 * 'no-storage' start), until the browser allows storage and reopenWithStorage keeps it.
 */

import { errorText } from '../epos/error-text.ts';
import type { SegmentOverrides } from '../epos/paths.ts';
import { contextFromQuery, loadContext, saveContext, withoutToken } from '../store/context.ts';
import { openTillDb, type TillDb } from '../store/db.ts';
import { StoreError } from '../store/errors.ts';
import type { BootContext } from '../store/schema.ts';
import { customerIdFromQuery, withoutCustomerId } from '../till/passed-customer.ts';
import type { Problem } from './problem.ts';

/** The browser's answer to `navigator.storage.persist()`. */
export type Persistence = boolean | 'unsupported';

/** How boot ended. */
export type BootResult =
  /**
   * A context is known; `changed` when it differs from what was stored before this boot.
   * `customerId` is the sale's customer the till passed with this load (passed-customer.ts), or null.
   */
  | {
      status: 'ready';
      db: TillDb;
      context: BootContext;
      changed: boolean;
      persisted: Persistence;
      customerId: number | null;
    }
  /** Opened without a token and none stored: the setup screen asks for one (the sale's customer waits). */
  | { status: 'setup'; db: TillDb; persisted: Persistence; customerId: number | null }
  /**
   * In a frame, the browser refused this site's storage (third-party data blocked), and Epos Now
   * passed a context: the till sells online from memory (storeless-session.ts), the token held
   * only there, and says why.
   */
  | {
      status: 'no-storage';
      context: BootContext;
      problem: Problem<'storage-blocked-in-frame'>;
      persisted: Persistence;
      customerId: number | null;
    }
  /** The page cannot start (storage would not open...): the UI words `problem`. */
  | {
      status: 'failed';
      problem: Problem<'storage-failed' | 'storage-blocked-in-frame' | 'start-failed'>;
      persisted: Persistence;
    };

/** What boot touches of the browser; injectable for tests. */
export interface BootEnv {
  location: Pick<Location, 'search' | 'pathname' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<StorageManager, 'persist'> | undefined;
  openDb(): Promise<TillDb>;
  /** The page runs in a frame (Epos Now's till or back office), not on its own. */
  framed?: boolean;
}

/** Boots the page. Never rejects: a failure is a result the UI shows. */
export async function boot(env: BootEnv = browserEnv()): Promise<BootResult> {
  // Asked while the database opens; the answer only feeds the UI.
  const persisting = askPersistence(env.storage);
  // Read before the address is tidied: it is taken out with the token.
  const customerId = customerIdFromQuery(env.location.search);
  let db: TillDb;
  try {
    db = await env.openDb();
  } catch (error) {
    // Nowhere to keep the token, and it must not stay in the address bar either: read it first.
    const context = contextFromQuery(env.location.search, undefined);
    dropFromAddress(env);
    const problem = failure(error, env.framed === true);
    if (problem.code === 'storage-blocked-in-frame' && context)
      return {
        status: 'no-storage',
        context,
        problem: { code: problem.code, cause: error },
        persisted: await persisting,
        customerId,
      };
    return { status: 'failed', problem, persisted: await persisting };
  }
  try {
    const resolved = await resolveContext(db, env);
    const persisted = await persisting;
    return resolved
      ? { status: 'ready', db, ...resolved, persisted, customerId }
      : { status: 'setup', db, persisted, customerId };
  } catch (error) {
    return { status: 'failed', problem: failure(error), persisted: await persisting };
  }
}

/**
 * The context of this boot and whether it changed, or undefined when there is none. A token in
 * the query string is removed from the address bar before anything else can fail, and the sale's
 * customer with it.
 */
export async function resolveContext(
  db: TillDb,
  env: Pick<BootEnv, 'location' | 'history'>,
): Promise<{ context: BootContext; changed: boolean } | undefined> {
  const stored = await loadContext(db);
  const fromQuery = contextFromQuery(env.location.search, stored);
  dropFromAddress(env);
  if (!fromQuery) return stored ? { context: stored, changed: false } : undefined;
  const changed = !sameContext(stored, fromQuery);
  if (changed) await saveContext(db, fromQuery);
  return { context: fromQuery, changed };
}

/**
 * Takes the token and the sale's customer out of the address bar, keeping the rest of the address
 * and the history entry. The customer is read once: a reload of the page (an update, the cashier's
 * F5) finds the sale kept with its customer, or without the one the cashier removed.
 */
function dropFromAddress({ location, history }: Pick<BootEnv, 'location' | 'history'>): void {
  const search = withoutCustomerId(withoutToken(location.search));
  if (search !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
}

/**
 * Opens the storage again for a till that started without it (the browser has since allowed it):
 * stores the context held in memory, so the till starts as if Epos Now had just opened it. Never
 * rejects: storage still refused is a 'failed' result with the reason.
 */
export async function reopenWithStorage(
  context: BootContext,
  env: Pick<BootEnv, 'openDb' | 'storage'> = browserEnv(),
): Promise<Extract<BootResult, { status: 'ready' | 'failed' }>> {
  const persisting = askPersistence(env.storage);
  try {
    const db = await env.openDb();
    await saveContext(db, context);
    // The sale (and its customer) is the page's already: nothing passed to take again.
    return { status: 'ready', db, context, changed: true, persisted: await persisting, customerId: null };
  } catch (error) {
    return { status: 'failed', problem: failure(error, true), persisted: await persisting };
  }
}

/**
 * Stores a context typed into the setup screen. `current` is the context whose token was
 * refused: the till keeps its device, location and staff, only the token and base change.
 */
export async function saveSetup(
  db: TillDb,
  token: string,
  baseUrl: string,
  current?: BootContext,
): Promise<BootContext> {
  const { segments, ...rest } = current ?? {};
  const context: BootContext = {
    deviceId: null,
    locationId: null,
    staffId: null,
    username: null,
    locationAreaId: null,
    ...rest,
    // Spellings found for one API do not carry over to another.
    ...(segments && current?.baseUrl === baseUrl ? { segments } : {}),
    baseUrl,
    token,
  };
  await saveContext(db, context);
  return context;
}

/**
 * Stores the path segments a manager chose for this till's API (Back office › Sync) with its
 * context; resolves with the context to start again with.
 */
export async function saveSegments(db: TillDb, current: BootContext, segments: SegmentOverrides): Promise<BootContext> {
  const context: BootContext = { ...current, segments: { ...current.segments, ...segments } };
  await saveContext(db, context);
  return context;
}

function sameContext(a: BootContext | undefined, b: BootContext): boolean {
  if (!a) return false;
  return (Object.keys(b) as (keyof BootContext)[]).every((key) => a[key] === b[key]);
}

async function askPersistence(storage: BootEnv['storage']): Promise<Persistence> {
  if (!storage?.persist) return 'unsupported';
  try {
    return await storage.persist();
  } catch (error) {
    // Some embedding browsers reject instead of answering false; the app works either way.
    console.warn('navigator.storage.persist() failed:', errorText(error));
    return 'unsupported';
  }
}

function failure(error: unknown, framed = false): Extract<BootResult, { status: 'failed' }>['problem'] {
  // In a frame from another site, browsers that block third-party site data refuse IndexedDB.
  if (error instanceof StoreError && error.code === 'open-failed' && framed)
    return { code: 'storage-blocked-in-frame', cause: error };
  return { code: error instanceof StoreError ? 'storage-failed' : 'start-failed', cause: error };
}

function browserEnv(): BootEnv {
  return {
    location: window.location,
    history: window.history,
    storage: navigator.storage,
    openDb: () => openTillDb(),
    framed: window.parent !== window,
  };
}
