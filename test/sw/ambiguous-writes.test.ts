/**
 * Writes whose answer does not prove them (issue 11, items 1 and 2): a 2xx that is not the record
 * (an HTML page, a rate-limit text, another record) is verified against the server, never taken
 * as done on faith; and a create the browser sent twice on its own leaves one record.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { recordId } from '../../app/epos/ids.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { retryEntry } from '../../app/store/outbox-admin.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../sw/outbox/replay.ts';
import { pullKind } from '../../sw/pull.ts';
import { CAPTIVE_PORTAL_HTML } from '../standin/faults.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin } from '../standin/standin.ts';
import { freshDb } from '../store/fixture.ts';
import { drain } from './drain.ts';

/** What stands between the till and the stand-in in a test: a proxy that may change answers. */
type Proxy = (request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>;

async function setup(proxy: Proxy = (request, forward) => forward(request)) {
  const db = await freshDb();
  const standin = createStandin({ products: 450 });
  const direct = inProcessFetch(standin);
  const fetch: typeof globalThis.fetch = (input, init) => proxy(new Request(input, init), (request) => direct(request));
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch });
  await pullKind({ db, client }, 'Product');
  const clock = { now: Date.now() };
  const deps: ReplayDeps = { db, client, now: () => clock.now, random: () => 0.5, retryBaseMs: 1_000, leaseMs: 0 };
  return { db, standin, deps, clock };
}

const entries = (db: TillDb): Promise<OutboxEntry[]> => db.getAll('outbox');
const sent = (standin: Standin, method: string) => standin.log.filter((e) => e.method === method).length;

/** Answers the first matching write with `body` as a 200, after (or instead of) passing it on. */
function answerOnce(method: string, body: string, contentType: string, applied: boolean): Proxy {
  let used = false;
  return async (request, forward) => {
    if (used || request.method !== method) return forward(request);
    used = true;
    if (applied) await (await forward(request)).text();
    return new Response(body, { status: 200, headers: { 'content-type': contentType } });
  };
}

const WRITES: { name: string; write: Write; method: string; landed: (standin: Standin) => boolean }[] = [
  {
    name: 'an update',
    write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed' } },
    method: 'PUT',
    landed: (s) => s.record('Product', 3)?.Name === 'Renamed',
  },
  {
    name: 'a delete',
    write: { op: 'delete', kind: 'Customer', id: 4 },
    method: 'DELETE',
    landed: (s) => s.record('Customer', 4) === undefined,
  },
  {
    name: 'a settings save',
    write: { op: 'save', document: { tillName: 'Front', extra: [1, 2] } },
    method: 'POST',
    landed: (s) => s.settingsText !== null && JSON.parse(s.settingsText).tillName === 'Front',
  },
];
const ANSWERS = [
  { name: 'a captive portal page', body: CAPTIVE_PORTAL_HTML, type: 'text/html' },
  { name: "the text 'API Limit Exceeded'", body: 'API Limit Exceeded', type: 'text/plain' },
];

describe('a 2xx that does not prove the write', () => {
  for (const { name, write, method, landed } of WRITES) {
    for (const answer of ANSWERS) {
      it(`${name} answered 200 with ${answer.name}, not applied: not done, then sent again and landed once`, async () => {
        const { db, standin, deps, clock } = await setup(answerOnce(method, answer.body, answer.type, false));
        await enqueue(db, write, clock.now);
        await replay(deps);
        expect(landed(standin)).toBe(false);
        // Still in the outbox: the screen must not say "saved", a pull must not lose the change.
        expect(await entries(db)).toHaveLength(1);
        await drain(deps, clock);
        expect(landed(standin)).toBe(true);
        expect(await entries(db)).toEqual([]);
        // The proxy kept the first; the server saw the write once, sent again after the look.
        expect(sent(standin, method)).toBe(1);
        expect(standin.log.filter((e) => e.method === 'GET').length).toBeGreaterThan(0);
      });
    }

    it(`${name} answered 200 with an HTML page after the server applied it: verified, done, sent once`, async () => {
      const { db, standin, deps, clock } = await setup(answerOnce(method, CAPTIVE_PORTAL_HTML, 'text/html', true));
      await enqueue(db, write, clock.now);
      await replay(deps);
      expect(await entries(db)).toHaveLength(1);
      await drain(deps, clock);
      expect(landed(standin)).toBe(true);
      expect(await entries(db)).toEqual([]);
      expect(sent(standin, method)).toBe(1);
    });
  }

  it('an update answered with another record, or an empty object, is verified, not done', async () => {
    for (const body of [JSON.stringify({ ProductID: 4, Name: 'Other' }), '{}']) {
      const { db, standin, deps, clock } = await setup(answerOnce('PUT', body, 'application/json', false));
      await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed' } }, clock.now);
      await replay(deps);
      expect((await entries(db))[0]?.state).toBe('verify');
      await drain(deps, clock);
      expect(standin.record('Product', 3)?.Name).toBe('Renamed');
    }
  });

  it('a settings save answered with a document other than the one sent is verified, not done', async () => {
    const { db, standin, deps, clock } = await setup(
      answerOnce('POST', JSON.stringify({ tillName: 'Someone else' }), 'application/json', false),
    );
    await enqueue(db, { op: 'save', document: { tillName: 'Front' } }, clock.now);
    await replay(deps);
    expect((await entries(db))[0]?.state).toBe('verify');
    await drain(deps, clock);
    expect(JSON.parse(standin.settingsText ?? 'null')).toEqual({ tillName: 'Front' });
  });

  it.each([
    ['an empty body', ''],
    ['true', 'true'],
    ['a JSON object', '{"Message":"Deleted"}'],
  ])('a delete answered 200 with %s is done at once', async (_name, body) => {
    const { db, standin, deps, clock } = await setup(answerOnce('DELETE', body, 'application/json', true));
    await enqueue(db, { op: 'delete', kind: 'Customer', id: 4 }, clock.now);
    await replay(deps);
    expect(await entries(db)).toEqual([]);
    expect(standin.record('Customer', 4)).toBeUndefined();
  });

  it('an update whose record was deleted on the server meanwhile is held for a person, not resent blindly', async () => {
    const { db, standin, deps, clock } = await setup(async (request, forward) => {
      if (request.method !== 'PUT') return forward(request);
      standin.remove('Product', 3);
      return new Response(CAPTIVE_PORTAL_HTML, { status: 200, headers: { 'content-type': 'text/html' } });
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed' } }, clock.now);
    await drain(deps, clock);
    const [entry] = await entries(db);
    expect(entry?.state).toBe('held');
    expect(entry?.error?.message).toMatch(/no longer on Epos Now/);
  });
});

describe('a create the browser sent twice on its own', () => {
  /** Chromium's resend on a dropped keep-alive connection: applied twice, answered once (the second). */
  function resendOnce(): Proxy {
    let used = false;
    return async (request, forward) => {
      if (used || request.method !== 'POST' || !request.url.includes('/api/V2/')) return forward(request);
      used = true;
      await (await forward(request.clone())).text();
      return forward(request);
    };
  }

  it('lands the write once and holds a delete of the twin for a person; confirmed, one record is left', async () => {
    const { db, standin, deps, clock } = await setup(resendOnce());
    const before = standin.records('Customer').length;
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Twinned', Surname: 'Once' } }, clock.now);
    await drain(deps, clock);
    const made = standin.records('Customer').filter((r) => r.Forename === 'Twinned');
    expect(made).toHaveLength(2);
    const [kept, twin] = [recordId('Customer', made[1]!), recordId('Customer', made[0]!)];
    // The record kept is the one the answer named, so the till's id for it stays right.
    expect((await db.getAll('aliases'))[0]?.id).toBe(kept);
    const [held] = await entries(db);
    expect(held).toMatchObject({ op: 'delete', target: 'Customer', recordId: twin, state: 'held', twinOf: kept });
    expect(held?.error?.message).toContain(`${twin} is a copy of ${kept}`);
    expect(await entries(db)).toHaveLength(1);

    await retryEntry(db, held!.seq, clock.now);
    await drain(deps, clock);
    expect(
      standin
        .records('Customer')
        .filter((r) => r.Forename === 'Twinned')
        .map((r) => recordId('Customer', r)),
    ).toEqual([kept]);
    expect(standin.records('Customer')).toHaveLength(before + 1);
    expect(await entries(db)).toEqual([]);
  });

  it.each([
    ['503', 503, ''],
    ['429 API Limit Exceeded', 429, 'API Limit Exceeded'],
    ['408', 408, ''],
  ])(
    'a create whose resend was answered %s is looked for before it is sent again: one record, nothing to ask',
    async (_name, status, text) => {
      let used = false;
      const { db, standin, deps, clock } = await setup(async (request, forward) => {
        if (used || request.method !== 'POST' || !request.url.includes('/api/V2/')) return forward(request);
        used = true;
        // The first send is applied and its connection drops; the browser's resend meets the error.
        await (await forward(request.clone())).text();
        return new Response(text, { status, headers: { 'retry-after': '1' } });
      });
      await enqueue(
        db,
        { op: 'create', kind: 'Customer', body: { Forename: 'Resent', Surname: 'Refused' } },
        clock.now,
      );
      await drain(deps, clock);
      expect(standin.records('Customer').filter((r) => r.Forename === 'Resent')).toHaveLength(1);
      expect(await entries(db)).toEqual([]);
    },
  );

  it('two identical creates the till made itself both stay, and nothing asks', async () => {
    const { db, standin, deps, clock } = await setup();
    const body = { Forename: 'Same', Surname: 'Name' };
    await enqueue(db, { op: 'create', kind: 'Customer', body }, clock.now);
    await enqueue(db, { op: 'create', kind: 'Customer', body }, clock.now);
    await drain(deps, clock);
    expect(standin.records('Customer').filter((r) => r.Forename === 'Same')).toHaveLength(2);
    expect(await entries(db)).toEqual([]);
  });

  it('an identical record someone else made just before is never deleted without a person', async () => {
    const { db, standin, deps, clock } = await setup();
    const body = { Forename: 'Walk', Surname: 'In' };
    standin.put('Customer', { ...body });
    await enqueue(db, { op: 'create', kind: 'Customer', body }, clock.now);
    await drain(deps, clock);
    expect(standin.records('Customer').filter((r) => r.Forename === 'Walk')).toHaveLength(2);
    expect((await entries(db)).map((e) => e.state)).toEqual(['held']);
  });

  it('a different record just before is not a twin', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.put('Customer', { Forename: 'Someone', Surname: 'Else' });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'New', Surname: 'One' } }, clock.now);
    await drain(deps, clock);
    expect(await entries(db)).toEqual([]);
  });
});

describe('verifying a create against an empty list', () => {
  it('is not taken as proof the create is absent: held for a person, never sent twice', async () => {
    const { db, standin, deps, clock } = await setup();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Dropped' } }, clock.now);
    standin.faults.add({ type: 'drop-after-apply', match: { method: 'POST' }, times: 1 });
    standin.faults.add({ type: 'empty-list', match: { kind: 'Customer' } });
    await drain(deps, clock);
    const [entry] = await entries(db);
    expect(entry?.state).toBe('held');
    expect(entry?.error?.message).toMatch(/listed no records/);
    expect(standin.records('Customer').filter((r) => r.Forename === 'Dropped')).toHaveLength(1);
  });
});

describe('updates and deletes are idempotent', () => {
  it('an update or delete sent twice by the browser leaves the server as once', async () => {
    let twice = 0;
    const { db, standin, deps, clock } = await setup(async (request, forward) => {
      if (request.method !== 'PUT' && request.method !== 'DELETE') return forward(request);
      twice++;
      await (await forward(request.clone())).text();
      return forward(request);
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'Twice' } }, clock.now);
    await enqueue(db, { op: 'delete', kind: 'Customer', id: 6 }, clock.now);
    const customers = standin.records('Customer').length;
    await drain(deps, clock);
    expect(twice).toBe(2);
    expect(standin.record('Product', 5)?.Name).toBe('Twice');
    // The second DELETE found nothing (404), which for a delete is done.
    expect(standin.records('Customer')).toHaveLength(customers - 1);
    expect(await entries(db)).toEqual([]);
  });
});
