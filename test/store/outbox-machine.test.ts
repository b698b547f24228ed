/**
 * The outbox entry's state machine on plain data: each row of the table (where it may come from,
 * its condition, what the entry becomes) and every event refused from the states it may not
 * come from.
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import {
  allowed,
  changed,
  type Entry,
  type EntryEvent,
  made,
  next,
  waitsOnOutage,
} from '../../app/store/outbox-machine.ts';
import type { EntryState, OutboxEntry } from '../../app/store/schema.ts';
import { offline, otherAccountNote } from './fixture.ts';

const NOW = 10_000;
const STATES: EntryState[] = ['pending', 'sending', 'verify', 'failed', 'held'];

const refused: EposErrorData = { ...offline, code: 'client', name: 'ClientError', message: 'HTTP 400', status: 400 };
const conflictNote: EposErrorData = { ...offline, code: 'conflict', name: 'EditConflict', message: 'Changed' };
/** An update of Customer 2 sent twice, in `state`. */
function entry(fields: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq: 7,
    target: 'Customer',
    op: 'update',
    recordId: 2,
    body: { Forename: 'Ann' },
    state: 'pending',
    attempts: 2,
    notBefore: 0,
    createdAt: 1_000,
    updatedAt: 2_000,
    error: null,
    ...fields,
  };
}

/** An entry of account a held while another account was in use, looked for before it was held. */
const heldForA = entry({
  state: 'held',
  account: 'a',
  error: otherAccountNote,
  previousState: 'verify',
  previousError: offline,
  notBefore: 50,
});

/** One event of each type, and the states the table lets it come from. */
const EVENTS: { event: EntryEvent; from: EntryState[] }[] = [
  { event: { type: 'claimed', now: NOW }, from: ['pending'] },
  { event: { type: 'landed' }, from: STATES },
  { event: { type: 'renumbered', recordId: 501 }, from: STATES },
  { event: { type: 'retry', error: offline, notBefore: NOW + 5, now: NOW }, from: STATES },
  { event: { type: 'failed', error: refused, now: NOW }, from: STATES },
  { event: { type: 'verify', error: null, notBefore: NOW + 5, now: NOW }, from: STATES },
  { event: { type: 'lookFailed', error: offline, notBefore: NOW + 5, now: NOW }, from: STATES },
  { event: { type: 'held', error: null, candidates: [], now: NOW }, from: STATES },
  { event: { type: 'unsent', error: offline, now: NOW }, from: STATES },
  { event: { type: 'authPaused', now: NOW }, from: STATES },
  { event: { type: 'interrupted', now: NOW, leaseMs: 0, verifyAfterMs: 0 }, from: ['sending'] },
  { event: { type: 'heldForAccount', now: NOW }, from: ['pending', 'verify'] },
  { event: { type: 'accountBack', now: NOW }, from: ['held'] },
  { event: { type: 'outageOver', now: NOW }, from: ['pending', 'verify'] },
  { event: { type: 'folded', body: { Surname: 'Lee' }, now: NOW }, from: ['pending'] },
  { event: { type: 'personRetry', now: NOW }, from: ['failed', 'held'] },
  { event: { type: 'personEdit', body: { Forename: 'Bo' }, now: NOW }, from: ['failed', 'held'] },
  { event: { type: 'discarded' }, from: STATES },
  { event: { type: 'replaced' }, from: ['pending'] },
  { event: { type: 'conflict', error: conflictNote, conflicts: [], now: NOW }, from: STATES },
  { event: { type: 'keptMine', now: NOW }, from: ['held'] },
  { event: { type: 'keptTheirs', now: NOW }, from: ['held'] },
];

/** An entry in `state` that meets every row's further condition: due, never sent, waiting on an outage, held for another account. */
function meetsEveryCondition(state: EntryState): OutboxEntry {
  return entry({
    state,
    attempts: 0,
    looks: 1,
    notBefore: NOW + 1,
    error: state === 'held' ? otherAccountNote : offline,
    conflicts: [{ field: 'Forename', base: 'An', mine: 'Ann', theirs: 'Anne' }],
  });
}

describe('which states each event may come from', () => {
  it('covers every event type once', () => {
    expect(new Set(EVENTS.map((e) => e.event.type)).size).toBe(EVENTS.length);
    expect(EVENTS).toHaveLength(22);
  });

  for (const { event, from } of EVENTS) {
    for (const state of STATES) {
      const admitted = from.includes(state);
      it(`${event.type} from ${state}: ${admitted ? 'allowed' : 'refused'}`, () => {
        expect(allowed(entry({ state }), event.type)).toBe(admitted);
        // A due claim needs notBefore <= now; the outage row needs a wait still to come.
        const subject = event.type === 'claimed' ? entry({ state, attempts: 0 }) : meetsEveryCondition(state);
        const step = next(subject, event);
        if (admitted) expect(step.kind).not.toBe('refused');
        else expect(step).toEqual({ kind: 'refused' });
      });
    }
  }
});

describe('what each event makes of an entry', () => {
  it('claimed: sending, one more attempt, looks counted afresh', () => {
    const step = next(entry({ state: 'pending', looks: 3, notBefore: NOW }), { type: 'claimed', now: NOW });
    expect(step).toEqual({
      kind: 'changed',
      entry: entry({ state: 'sending', attempts: 3, notBefore: NOW, updatedAt: NOW }),
    });
    expect(step.kind === 'changed' && 'looks' in step.entry).toBe(false);
  });

  it('claimed: refused before it is due', () => {
    expect(next(entry({ notBefore: NOW + 1 }), { type: 'claimed', now: NOW })).toEqual({ kind: 'refused' });
  });

  it('landed and discarded remove the entry', () => {
    expect(next(entry({ state: 'sending' }), { type: 'landed' })).toEqual({ kind: 'removed' });
    expect(next(entry({ state: 'held' }), { type: 'discarded' })).toEqual({ kind: 'removed' });
  });

  it('renumbered: the real id, nothing else', () => {
    expect(next(entry({ recordId: -1 }), { type: 'renumbered', recordId: 501 })).toEqual({
      kind: 'changed',
      entry: entry({ recordId: 501 }),
    });
  });

  it('retry: pending until notBefore, with why', () => {
    const event: EntryEvent = { type: 'retry', error: offline, notBefore: NOW + 5, now: NOW };
    expect(next(entry({ state: 'sending' }), event)).toEqual({
      kind: 'changed',
      entry: entry({ state: 'pending', error: offline, notBefore: NOW + 5, updatedAt: NOW }),
    });
  });

  it('failed: waits for a person with the refusal', () => {
    expect(next(entry({ state: 'sending' }), { type: 'failed', error: refused, now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({ state: 'failed', error: refused, updatedAt: NOW }),
    });
  });

  it('verify: looked for at notBefore', () => {
    const event: EntryEvent = { type: 'verify', error: offline, notBefore: NOW + 5, now: NOW };
    expect(next(entry({ state: 'sending', op: 'create' }), event)).toEqual({
      kind: 'changed',
      entry: entry({ state: 'verify', op: 'create', error: offline, notBefore: NOW + 5, updatedAt: NOW }),
    });
  });

  it('lookFailed: one more failed look, counted from none', () => {
    const event: EntryEvent = { type: 'lookFailed', error: offline, notBefore: NOW + 5, now: NOW };
    const looked = entry({ state: 'verify', error: offline, notBefore: NOW + 5, updatedAt: NOW });
    expect(next(entry({ state: 'verify' }), event)).toEqual({ kind: 'changed', entry: { ...looked, looks: 1 } });
    expect(next(entry({ state: 'verify', looks: 2 }), event)).toEqual({
      kind: 'changed',
      entry: { ...looked, looks: 3 },
    });
  });

  it('held: with the records that may be it', () => {
    const candidates = [{ CustomerID: 9 }];
    expect(next(entry({ state: 'verify' }), { type: 'held', error: refused, candidates, now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({ state: 'held', error: refused, candidates, updatedAt: NOW }),
    });
  });

  it('unsent: pending, due at once, the attempt not counted (never below none)', () => {
    const event: EntryEvent = { type: 'unsent', error: offline, now: NOW };
    const back = entry({ state: 'pending', attempts: 1, notBefore: 0, error: offline, updatedAt: NOW });
    expect(next(entry({ state: 'sending', notBefore: NOW - 1 }), event)).toEqual({ kind: 'changed', entry: back });
    expect(next(entry({ state: 'sending', attempts: 0 }), event)).toEqual({
      kind: 'changed',
      entry: { ...back, attempts: 0 },
    });
  });

  it('authPaused: pending, the attempt not counted, its wait and note kept', () => {
    const event: EntryEvent = { type: 'authPaused', now: NOW };
    const sent = entry({ state: 'sending', notBefore: 5, error: offline });
    expect(next(sent, event)).toEqual({
      kind: 'changed',
      entry: entry({ state: 'pending', attempts: 1, notBefore: 5, error: offline, updatedAt: NOW }),
    });
    expect(changed(entry({ state: 'sending', attempts: 0 }), event)?.attempts).toBe(0);
  });

  describe('interrupted', () => {
    const event = (leaseMs: number): EntryEvent => ({ type: 'interrupted', now: NOW, leaseMs, verifyAfterMs: 300 });

    it('an update goes again at once; a create is looked for verifyAfterMs after it was sent', () => {
      expect(next(entry({ state: 'sending', notBefore: 9 }), event(0))).toEqual({
        kind: 'changed',
        entry: entry({ state: 'pending', notBefore: 0, updatedAt: NOW }),
      });
      expect(next(entry({ state: 'sending', op: 'create' }), event(0))).toEqual({
        kind: 'changed',
        entry: entry({ state: 'verify', op: 'create', notBefore: 2_300, updatedAt: NOW }),
      });
    });

    it('only claims older than the lease are taken back', () => {
      const claimed = entry({ state: 'sending', updatedAt: NOW - 100 });
      expect(next(claimed, event(100)).kind).toBe('changed');
      expect(next(claimed, event(101))).toEqual({ kind: 'refused' });
    });
  });

  describe('another account', () => {
    it('heldForAccount: held with its note, keeping the state and note it had', () => {
      for (const state of ['pending', 'verify'] as const) {
        expect(next(entry({ state, error: offline }), { type: 'heldForAccount', now: NOW })).toEqual({
          kind: 'changed',
          entry: entry({
            state: 'held',
            error: otherAccountNote,
            previousState: state,
            previousError: offline,
            updatedAt: NOW,
          }),
        });
      }
    });

    it('accountBack: the state and note it had, due at once; its account kept', () => {
      expect(next(heldForA, { type: 'accountBack', now: NOW })).toEqual({
        kind: 'changed',
        entry: entry({ state: 'verify', account: 'a', error: offline, notBefore: 0, updatedAt: NOW }),
      });
    });

    it('accountBack: pending and no note when none was kept', () => {
      expect(changed(entry({ state: 'held', error: otherAccountNote }), { type: 'accountBack', now: NOW })).toEqual(
        entry({ state: 'pending', error: null, updatedAt: NOW }),
      );
    });

    it('accountBack: refused for an entry held for anything else', () => {
      expect(next(entry({ state: 'held', error: refused }), { type: 'accountBack', now: NOW })).toEqual({
        kind: 'refused',
      });
      expect(next(entry({ state: 'held', error: null }), { type: 'accountBack', now: NOW })).toEqual({
        kind: 'refused',
      });
    });
  });

  describe('outageOver', () => {
    const timeout: EposErrorData = { ...offline, code: 'timeout', name: 'TimeoutError' };

    it('a wait on no answer is due now, nothing else changed', () => {
      expect(next(entry({ error: offline, notBefore: NOW + 1 }), { type: 'outageOver', now: NOW })).toEqual({
        kind: 'changed',
        entry: entry({ error: offline, notBefore: NOW }),
      });
    });

    it('counts a send or a look that got no answer, whose wait is still to come', () => {
      const waits = (fields: Partial<OutboxEntry>) => waitsOnOutage(entry({ notBefore: NOW + 1, ...fields }), NOW);
      expect(waits({ error: offline })).toBe(true);
      expect(waits({ error: timeout })).toBe(true);
      expect(waits({ state: 'verify', looks: 1, error: offline })).toBe(true);
      // A create never looked for waits for the server, which may still be working on it.
      expect(waits({ state: 'verify', error: offline })).toBe(false);
      expect(waits({ state: 'verify', looks: 0, error: offline })).toBe(false);
      // A timeout with a status is an answer (a 408, say); a refusal is an answer.
      expect(waits({ error: { ...timeout, status: 408 } })).toBe(false);
      expect(waits({ error: refused })).toBe(false);
      expect(waits({ error: null })).toBe(false);
      expect(waits({ error: offline, notBefore: NOW })).toBe(false);
      expect(waits({ state: 'failed', error: offline })).toBe(false);
    });
  });

  describe('folded', () => {
    it('a later update laid over an entry nobody has started on', () => {
      expect(next(entry({ attempts: 0 }), { type: 'folded', body: { Surname: 'Lee' }, now: NOW })).toEqual({
        kind: 'changed',
        entry: entry({ attempts: 0, body: { Forename: 'Ann', Surname: 'Lee' }, updatedAt: NOW }),
      });
    });

    it('refused once it was sent', () => {
      expect(next(entry({ attempts: 1 }), { type: 'folded', body: {}, now: NOW })).toEqual({ kind: 'refused' });
    });
  });

  describe('replaced', () => {
    it('removes an entry nobody has started on', () => {
      expect(next(entry({ attempts: 0 }), { type: 'replaced' })).toEqual({ kind: 'removed' });
    });

    it('refused once it was sent: it is on its way, or the server may have it', () => {
      expect(next(entry({ attempts: 1 }), { type: 'replaced' })).toEqual({ kind: 'refused' });
    });
  });

  describe("a person's decisions", () => {
    it('personRetry: pending and due, its note kept', () => {
      expect(next(entry({ state: 'failed', error: refused, notBefore: 9 }), { type: 'personRetry', now: NOW })).toEqual(
        {
          kind: 'changed',
          entry: entry({ state: 'pending', error: refused, notBefore: 0, updatedAt: NOW }),
        },
      );
    });

    it('personRetry of one held for another account: for the account in use now, as it was before', () => {
      expect(changed(heldForA, { type: 'personRetry', now: NOW })).toEqual(
        entry({ state: 'verify', error: offline, notBefore: 0, updatedAt: NOW }),
      );
      expect(
        changed(entry({ state: 'held', account: 'a', error: otherAccountNote }), { type: 'personRetry', now: NOW }),
      ).toEqual(entry({ state: 'pending', error: null, notBefore: 0, updatedAt: NOW }));
    });

    it('personRetry and personEdit of a conflict: its old values are not kept', () => {
      const conflicts = [{ field: 'Forename', base: 'An', mine: 'Ann', theirs: 'Anne' }];
      const held = entry({ state: 'held', error: conflictNote, conflicts, base: { Forename: 'An' } });
      expect(changed(held, { type: 'personRetry', now: NOW })).toEqual(
        entry({ state: 'pending', error: conflictNote, base: { Forename: 'An' }, notBefore: 0, updatedAt: NOW }),
      );
      expect(changed(held, { type: 'personEdit', body: { Forename: 'Bo' }, now: NOW })).toEqual(
        entry({
          state: 'pending',
          body: { Forename: 'Bo' },
          error: conflictNote,
          base: { Forename: 'An' },
          notBefore: 0,
          updatedAt: NOW,
        }),
      );
    });

    it('personEdit: the new body, pending and due', () => {
      const event: EntryEvent = { type: 'personEdit', body: { Forename: 'Bo' }, now: NOW };
      expect(next(entry({ state: 'held', error: refused, notBefore: 9 }), event)).toEqual({
        kind: 'changed',
        entry: entry({ state: 'pending', body: { Forename: 'Bo' }, error: refused, notBefore: 0, updatedAt: NOW }),
      });
    });
  });
});

describe('made', () => {
  const fields = { target: 'Customer', op: 'create', recordId: -1, body: { Forename: 'Ann' } } as const;

  it('a new entry is pending, never tried, due at once', () => {
    const expected: Entry = {
      ...fields,
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      createdAt: NOW,
      updatedAt: NOW,
      error: null,
    };
    expect(made(fields, NOW)).toEqual(expected);
  });

  it("a twin's delete is held for a person from the start", () => {
    const twin = { CustomerID: 9 };
    const del = { target: 'Customer', op: 'delete', recordId: 9, body: null, twinOf: 8 } as const;
    expect(made(del, NOW, { error: refused, candidates: [twin] })).toEqual({
      ...del,
      state: 'held',
      attempts: 0,
      notBefore: 0,
      createdAt: NOW,
      updatedAt: NOW,
      error: refused,
      candidates: [twin],
    });
  });
});

describe('changed', () => {
  it('the changed entry, or undefined when removed or refused', () => {
    expect(changed(entry({ attempts: 0 }), { type: 'claimed', now: NOW })?.state).toBe('sending');
    expect(changed(entry(), { type: 'landed' })).toBeUndefined();
    expect(changed(entry({ state: 'failed' }), { type: 'claimed', now: NOW })).toBeUndefined();
  });

  it('keeps the key of a stored entry', () => {
    expect(changed(entry({ seq: 42 }), { type: 'failed', error: refused, now: NOW })?.seq).toBe(42);
  });
});

describe('an update merged with what Epos Now has now (issue 24)', () => {
  const conflicts = [{ field: 'Forename', base: 'An', mine: 'Ann', theirs: 'Anne' }];
  const held = entry({ state: 'held', error: conflictNote, conflicts, body: { Forename: 'Ann', Surname: 'Lee' } });

  it('folded: each field keeps its oldest base; an entry without one stays without', () => {
    const open = entry({ attempts: 0, base: { Forename: 'An' } });
    const event: EntryEvent = {
      type: 'folded',
      body: { Forename: 'Bo', Surname: 'Lee' },
      base: { Forename: 'Ann', Surname: 'Li' },
      now: NOW,
    };
    expect(next(open, event)).toEqual({
      kind: 'changed',
      entry: entry({
        attempts: 0,
        body: { Forename: 'Bo', Surname: 'Lee' },
        base: { Forename: 'An', Surname: 'Li' },
        updatedAt: NOW,
      }),
    });
    expect(next(entry({ attempts: 0 }), event)).toEqual({
      kind: 'changed',
      entry: entry({ attempts: 0, body: { Forename: 'Bo', Surname: 'Lee' }, updatedAt: NOW }),
    });
  });

  it('conflict: held with each field’s three values', () => {
    expect(next(entry({ state: 'sending' }), { type: 'conflict', error: conflictNote, conflicts, now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({ state: 'held', error: conflictNote, conflicts, updatedAt: NOW }),
    });
  });

  it('keptMine: Epos Now’s values become the base, due at once, the note and conflicts gone', () => {
    expect(next({ ...held, base: { Forename: 'An', Surname: 'L' } }, { type: 'keptMine', now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({
        body: { Forename: 'Ann', Surname: 'Lee' },
        base: { Forename: 'Anne', Surname: 'L' },
        updatedAt: NOW,
      }),
    });
    expect(next(held, { type: 'keptMine', edited: { Forename: 'Anna' }, now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({ body: { Forename: 'Anna' }, base: { Forename: 'Anne' }, updatedAt: NOW }),
    });
  });

  it('keptTheirs: the field leaves an update; with nothing left the entry is gone', () => {
    expect(next({ ...held, base: { Forename: 'An', Surname: 'L' } }, { type: 'keptTheirs', now: NOW })).toEqual({
      kind: 'changed',
      entry: entry({ body: { Surname: 'Lee' }, base: { Surname: 'L' }, updatedAt: NOW }),
    });
    expect(next({ ...held, body: { Forename: 'Ann' } }, { type: 'keptTheirs', now: NOW })).toEqual({ kind: 'removed' });
  });

  it('keptTheirs: a settings save takes Epos Now’s value of the key, or its absence', () => {
    const save = entry({
      target: 'settings',
      op: 'save',
      recordId: 0,
      state: 'held',
      body: { currency: 'USD', locale: 'fr-FR', tillName: 'Back' },
      base: { currency: 'GBP' },
      conflicts: [
        { field: 'currency', base: 'GBP', mine: 'USD', theirs: 'EUR' },
        { field: 'locale', base: undefined, mine: 'fr-FR', theirs: undefined },
      ],
    });
    const step = next(save, { type: 'keptTheirs', now: NOW });
    expect(step.kind === 'changed' && step.entry.body).toEqual({ currency: 'EUR', tillName: 'Back' });
    // Gone, not undefined: Epos Now's answer must repeat the document, and JSON has no undefined.
    expect(step.kind === 'changed' && Object.keys(step.entry.body as object)).toEqual(['currency', 'tillName']);
    expect(step.kind === 'changed' && step.entry.base).toEqual({ currency: 'EUR', locale: undefined });
  });

  it('keptTheirs: a settings save left empty still goes (the document is then empty)', () => {
    const save = entry({
      target: 'settings',
      op: 'save',
      recordId: 0,
      state: 'held',
      body: { locale: 'fr-FR' },
      base: {},
      conflicts: [{ field: 'locale', base: undefined, mine: 'fr-FR', theirs: undefined }],
    });
    expect(changed(save, { type: 'keptTheirs', now: NOW })).toMatchObject({ state: 'pending', body: {} });
  });

  it('keptMine and keptTheirs are refused for a held entry with no conflict', () => {
    expect(next(entry({ state: 'held' }), { type: 'keptMine', now: NOW })).toEqual({ kind: 'refused' });
    expect(next(entry({ state: 'held' }), { type: 'keptTheirs', now: NOW })).toEqual({ kind: 'refused' });
  });
});
