/**
 * An outbox entry's life as one pure state machine: every change an entry can go through, the
 * states it may come from and what it becomes, in one table. The store only applies the steps
 * (outbox-transition.ts); nothing here touches IndexedDB, so every transition is tested on plain
 * data.
 */
import type { EposErrorData } from '../epos/errors.ts';
import type { FieldConflict } from '../epos/field-merge.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { EntryState, OutboxEntry } from './schema.ts';

/** What may happen to an entry: the replayer's verdicts, the worker's housekeeping, a person's decisions. */
export type EntryEvent =
  /** A replayer takes it to send now. */
  | { type: 'claimed'; now: number }
  /** The server has it (or a person says which record it became): it leaves the outbox. */
  | { type: 'landed' }
  /** The create ahead of it landed: its record's real id replaces the temporary one. */
  | { type: 'renumbered'; recordId: number }
  /** It did not go: it waits until `notBefore`. */
  | { type: 'retry'; error: EposErrorData; notBefore: number; now: number }
  /** The server refused it: it waits for a person. */
  | { type: 'failed'; error: EposErrorData; now: number }
  /** A create that may have landed: it is looked for at `notBefore` before it is sent again. */
  | { type: 'verify'; error: EposErrorData | null; notBefore: number; now: number }
  /** A look for it could not be made: another at `notBefore`, one more failed look counted. */
  | { type: 'lookFailed'; error: EposErrorData; notBefore: number; now: number }
  /** Only a person can decide: the records that may be it are kept. */
  | { type: 'held'; error: EposErrorData | null; candidates: OpenRecord[]; now: number }
  /** Its request never left: due at once, the attempt not counted. */
  | { type: 'unsent'; error: EposErrorData; now: number }
  /** The token was refused while it went: it goes back, the attempt not counted. */
  | { type: 'authPaused'; now: number }
  /** Its replayer died while it went (claimed more than `leaseMs` ago). */
  | { type: 'interrupted'; now: number; leaseMs: number; verifyAfterMs: number }
  /** The till now uses another account than the one it was made under. */
  | { type: 'heldForAccount'; now: number }
  /** The till uses the account it was made under again. */
  | { type: 'accountBack'; now: number }
  /** Epos Now answers again after an outage it was waiting on. */
  | { type: 'outageOver'; now: number }
  /**
   * A later update of its record is laid over it before it leaves; `base`, where that edit
   * started (an update keeps each field's oldest).
   */
  | { type: 'folded'; body: OpenRecord; base?: Record<string, unknown> | undefined; now: number }
  /** Epos Now changed the same fields since the edit started: a person decides, field by field. */
  | { type: 'conflict'; error: EposErrorData; conflicts: FieldConflict[]; now: number }
  /**
   * A later write of its record makes it needless before it leaves: a delete (or a later save of
   * the settings) replaces it, or the create it belongs to is cancelled.
   */
  | { type: 'replaced' }
  /** A person keeps this till's values (or `edited`, typed seeing both): sent over Epos Now's. */
  | { type: 'keptMine'; edited?: Record<string, unknown> | undefined; now: number }
  /** A person keeps Epos Now's values: the conflicting fields leave the change. */
  | { type: 'keptTheirs'; now: number }
  /** A person sends it again. */
  | { type: 'personRetry'; now: number }
  /** A person replaces what it sends (checked against the API's rules before). */
  | { type: 'personEdit'; body: unknown; now: number }
  /** A person throws it away. */
  | { type: 'discarded' };

/** What an event did to an entry: its new value, its removal, or nothing (not allowed from where it is). */
export type Step<E extends Entry = OutboxEntry> =
  | { kind: 'changed'; entry: E }
  | { kind: 'removed' }
  | { kind: 'refused' };

/** An entry with or without its key: a new one gets its `seq` when it is stored. */
export type Entry = Omit<OutboxEntry, 'seq'>;

/** What a new entry is made of. */
export type EntryFields = Pick<OutboxEntry, 'target' | 'op' | 'recordId' | 'body'> &
  Partial<Pick<OutboxEntry, 'account' | 'twinOf' | 'base'>>;

/** `name` of the note on an entry held because it was made under another account. */
export const OTHER_ACCOUNT = 'OtherAccount';

/**
 * A new entry: pending, never tried, due at once; or, given `held`, waiting for a person from the
 * start (the delete of a twin, which only a person may confirm).
 */
export function made(
  fields: EntryFields,
  now: number,
  held?: { error: EposErrorData; candidates: OpenRecord[] },
): Entry {
  const entry: Entry = {
    ...fields,
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: now,
    updatedAt: now,
    error: null,
  };
  // The held row keeps the entry it is given (it never removes one).
  return held ? (TABLE.held.to(entry, { type: 'held', ...held, now }) as Entry) : entry;
}

/** What `event` does to `entry`. */
export function next<E extends Entry>(entry: E, event: EntryEvent): Step<E> {
  return stepOf(entry, event);
}

/** The entry as `event` changes it, or undefined when the event removes it or is refused. */
export function changed<E extends Entry>(entry: E, event: EntryEvent): E | undefined {
  const step = next(entry, event);
  return step.kind === 'changed' ? step.entry : undefined;
}

/** Whether `entry`'s state admits an event of `type` at all (its guard aside). */
export function allowed(entry: Entry, type: EntryEvent['type']): boolean {
  return TABLE[type].from.includes(entry.state);
}

/**
 * Whether an entry waits only because Epos Now gave no answer: a send or a look that failed below
 * HTTP or timed out, its back-off not over. A create never looked for is not counted: its wait
 * is for the server, which may still be working on its request.
 */
export function waitsOnOutage(entry: Entry, now: number): boolean {
  return next(entry, { type: 'outageOver', now }).kind === 'changed';
}

type EventOf<T extends EntryEvent['type']> = Extract<EntryEvent, { type: T }>;

/** One transition: the states it may come from, a further condition, and what the entry becomes (null: removed). */
interface Row<T extends EntryEvent['type']> {
  from: readonly EntryState[];
  when?: (entry: Entry, event: EventOf<T>) => boolean;
  to: (entry: Entry, event: EventOf<T>) => Entry | null;
}

/**
 * The replayer's verdict on a send it made, and a landing, are recorded whatever happened to the
 * entry meanwhile (only a person's discard, which removed it, stands).
 */
const ANY: readonly EntryState[] = ['pending', 'sending', 'verify', 'failed', 'held'];
/** Where an entry waits for a person. */
const PERSON: readonly EntryState[] = ['failed', 'held'];

const TABLE: { [T in EntryEvent['type']]: Row<T> } = {
  claimed: {
    from: ['pending'],
    when: (entry, { now }) => entry.notBefore <= now,
    to: (entry, { now }) => {
      // A new send starts its looks afresh.
      const { looks: _looks, ...rest } = entry;
      return { ...rest, state: 'sending', attempts: entry.attempts + 1, updatedAt: now };
    },
  },
  landed: { from: ANY, to: () => null },
  renumbered: { from: ANY, to: (entry, { recordId }) => ({ ...entry, recordId }) },
  retry: {
    from: ANY,
    to: (entry, { error, notBefore, now }) => ({ ...entry, state: 'pending', notBefore, error, updatedAt: now }),
  },
  failed: { from: ANY, to: (entry, { error, now }) => ({ ...entry, state: 'failed', error, updatedAt: now }) },
  verify: {
    from: ANY,
    to: (entry, { error, notBefore, now }) => ({ ...entry, state: 'verify', error, notBefore, updatedAt: now }),
  },
  lookFailed: {
    from: ANY,
    to: (entry, { error, notBefore, now }) => ({
      ...entry,
      state: 'verify',
      error,
      notBefore,
      updatedAt: now,
      looks: (entry.looks ?? 0) + 1,
    }),
  },
  held: {
    from: ANY,
    to: (entry, { error, candidates, now }) => ({ ...entry, state: 'held', error, candidates, updatedAt: now }),
  },
  unsent: {
    from: ANY,
    // Due at once: it goes the moment the network is back rather than after a backoff earned offline.
    to: (entry, { error, now }) => ({ ...uncounted(entry), notBefore: 0, error, updatedAt: now }),
  },
  // A refused token says nothing about the entry: it does not count as an attempt.
  authPaused: { from: ANY, to: (entry, { now }) => ({ ...uncounted(entry), updatedAt: now }) },
  interrupted: {
    from: ['sending'],
    // Younger claims may still be sending: the lease keeps a live send from being reset.
    when: (entry, { now, leaseMs }) => entry.updatedAt <= now - leaseMs,
    to: (entry, { now, verifyAfterMs }) => {
      // Updates, deletes and saves are safe to send again; a create may have landed, so it is
      // looked for first, once the server is likely done with it (a claim's updatedAt is when
      // its request went out).
      const create = entry.op === 'create';
      const notBefore = create ? entry.updatedAt + verifyAfterMs : 0;
      return { ...entry, state: create ? 'verify' : 'pending', notBefore, updatedAt: now };
    },
  },
  heldForAccount: {
    from: ['pending', 'verify'],
    to: (entry, { now }) => ({
      ...entry,
      state: 'held',
      error: OTHER_ACCOUNT_NOTE,
      previousState: entry.state as 'pending' | 'verify',
      previousError: entry.error,
      updatedAt: now,
    }),
  },
  accountBack: {
    from: ['held'],
    when: forAnotherAccount,
    // What it was before it was held: a create may have gone out unanswered, so it is looked for first.
    to: (entry, { now }) => ({ ...released(entry), notBefore: 0, updatedAt: now }),
  },
  outageOver: {
    from: ['pending', 'verify'],
    when: (entry, { now }) => {
      const waiting = entry.state === 'pending' || (entry.looks ?? 0) > 0;
      const { error } = entry;
      const unanswered = error?.code === 'network' || (error?.code === 'timeout' && error.status === undefined);
      return waiting && unanswered && entry.notBefore > now;
    },
    // Its back-off grew with each failure, up to minutes, and was about the link.
    to: (entry, { now }) => ({ ...entry, notBefore: now }),
  },
  // Only an entry nobody has started on may change: one being sent is already on its way.
  folded: {
    from: ['pending'],
    when: (entry) => entry.attempts === 0,
    to: (entry, { body, base, now }) => {
      // Each field keeps the base it had first: the edit started there, whatever was shown since
      // (this till's own change, which Epos Now has not seen). An entry without one stays
      // without: its first fields' starts are unknown. A create has none.
      const { base: first, ...rest } = entry;
      const kept = first && base ? { ...base, ...first } : undefined;
      return {
        ...rest,
        body: { ...(entry.body as OpenRecord), ...body },
        updatedAt: now,
        ...(kept ? { base: kept } : {}),
      };
    },
  },
  replaced: { from: ['pending'], when: (entry) => entry.attempts === 0, to: () => null },
  conflict: {
    from: ANY,
    to: (entry, { error, conflicts, now }) => ({ ...entry, state: 'held', error, conflicts, updatedAt: now }),
  },
  keptMine: {
    from: ['held'],
    when: (entry) => entry.conflicts !== undefined,
    to: (entry, { edited, now }) => {
      // Epos Now's value becomes the base: the next send lays this till's over it, unless it
      // changed again meanwhile.
      const base: Record<string, unknown> = { ...entry.base };
      // Stryker disable next-line ArrayDeclaration: the row's condition admits only an entry with conflicts
      for (const { field, theirs } of entry.conflicts ?? []) base[field] = theirs;
      return settled({ ...entry, base, ...(edited ? { body: edited } : {}) }, now);
    },
  },
  keptTheirs: {
    from: ['held'],
    when: (entry) => entry.conflicts !== undefined,
    to: (entry, { now }) => {
      const body = { ...(entry.body as Record<string, unknown>) };
      const base: Record<string, unknown> = { ...entry.base };
      // Stryker disable next-line ArrayDeclaration: the row's condition admits only an entry with conflicts
      for (const { field, theirs } of entry.conflicts ?? []) {
        if (entry.op !== 'save') {
          delete body[field];
          delete base[field];
        } else if (theirs === undefined) {
          // A settings document takes Epos Now's value of the key, or its absence.
          delete body[field];
          base[field] = theirs;
        } else {
          body[field] = theirs;
          base[field] = theirs;
        }
      }
      // An update left with nothing to change has nothing to send.
      if (entry.op === 'update' && Object.keys(body).length === 0) return null;
      return settled({ ...entry, body, base }, now);
    },
  },
  personRetry: {
    from: PERSON,
    to: (entry, { now }) => {
      // A conflict sent again unchanged meets the same fields again, and is held again if Epos
      // Now still has other values: its old ones are not kept meanwhile.
      const { conflicts: _stale, ...current } = entry;
      if (!forAnotherAccount(entry)) return { ...current, state: 'pending', notBefore: 0, updatedAt: now };
      // Sent with the token in use now, as it was before it was held: a create that may have
      // gone out is still looked for first.
      const { account: _account, ...rest } = released(current);
      return { ...rest, notBefore: 0, updatedAt: now };
    },
  },
  personEdit: {
    from: PERSON,
    to: (entry, { body, now }) => {
      const { conflicts: _stale, ...current } = entry;
      return { ...current, body, state: 'pending', notBefore: 0, updatedAt: now };
    },
  },
  discarded: { from: ANY, to: () => null },
};

const OTHER_ACCOUNT_NOTE: EposErrorData = {
  code: 'auth',
  name: OTHER_ACCOUNT,
  message:
    'Made under another Epos Now account than the one this till uses now: it goes when the till is opened with that account again. Retry sends it to the account in use now.',
  method: '',
  path: '',
  mayHaveReached: false,
};

function stepOf<E extends Entry, T extends EntryEvent['type']>(entry: E, event: EventOf<T>): Step<E> {
  const row: Row<T> = TABLE[event.type as T];
  if (!row.from.includes(entry.state) || (row.when && !row.when(entry, event))) return { kind: 'refused' };
  const after = row.to(entry, event);
  // Every row spreads the entry it is given, so a stored entry keeps its key.
  return after === null ? { kind: 'removed' } : { kind: 'changed', entry: after as E };
}

/** Whether the entry carries the note of the heldForAccount row. */
function forAnotherAccount(entry: Entry): boolean {
  return entry.error?.name === OTHER_ACCOUNT;
}

/** Pending again, the attempt that was under way not counted. */
function uncounted(entry: Entry): Entry {
  return { ...entry, state: 'pending', attempts: Math.max(0, entry.attempts - 1) };
}

/** An entry held for another account, given back the state and note it had before. */
function released(entry: Entry): Entry {
  const { previousState, previousError, ...rest } = entry;
  return { ...rest, state: previousState ?? 'pending', error: previousError ?? null };
}

/** A decided conflict: due at once, its note and its conflicts gone. */
function settled(entry: Entry, now: number): Entry {
  const { conflicts: _decided, ...rest } = entry;
  return { ...rest, state: 'pending', error: null, notBefore: 0, updatedAt: now };
}
