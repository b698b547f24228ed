/**
 * The edges of the reach state (sw/reachability.ts): what each kind of answer and failure says,
 * the shape of the state the pages are told, a stored state read back while requests already
 * reported, and what a probe makes of answers other than the plain ones.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EposClient } from '../../app/epos/client.ts';
import {
  AuthError,
  InvalidRequestError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../app/epos/errors.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import type { Reach } from '../../app/store/reach.ts';
import { createReachability, noAnswer, probeReach, pullsToCatchUp, reporting } from '../../sw/reachability.ts';

const REQUEST = { method: 'GET', path: '/api/V2/TenderType?page=1' };
const URL_ = 'http://standin.test/api/V2/Product?page=1';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A tracker with a clock the test moves, and what it told the pages. */
function tracker(deps: { load?: () => Promise<Reach | undefined>; store?: (reach: Reach) => Promise<void> } = {}) {
  let time = 1_000;
  const messages: Reach[] = [];
  const backs: Reach[] = [];
  const reach = createReachability((from) => backs.push(from), {
    now: () => time,
    broadcast: (message: WorkerMessage) => {
      if (message.type === 'reach') messages.push(message.reach);
    },
    ...deps,
  });
  return { reach, messages, backs, setTime: (ms: number) => (time = ms) };
}

/** A promise the test settles when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A client whose one request (the probe's) does what `list` says. */
function clientOf(list: (signal: AbortSignal | undefined) => Promise<unknown>): EposClient {
  return {
    list: (_kind: string, _page: number, options?: { signal?: AbortSignal }) => list(options?.signal),
  } as unknown as EposClient;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the state told to the pages', () => {
  it('holds only the fields its state has: no empty limit time, no empty time of an answer', () => {
    const { reach, messages } = tracker();
    reach.report({ type: 'failed' });
    reach.report({ type: 'timed-out' });
    // Never answered: no lastAnsweredAt at all; not limited: no until.
    expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 1_000 });
    expect(messages).toStrictEqual([{ state: 'unreachable', since: 1_000 }]);
    reach.report({ type: 'refused' });
    expect(reach.current()).toStrictEqual({ state: 'refused', since: 1_000, lastAnsweredAt: 1_000 });
  });

  it('keeps the time of the latest answer while reachable, and carries it into the outage that follows', () => {
    const { reach, backs, setTime } = tracker();
    reach.report(true);
    setTime(3_000);
    reach.report(true);
    expect(reach.current()).toStrictEqual({ state: 'reachable', since: 1_000, lastAnsweredAt: 3_000 });
    setTime(4_000);
    reach.report(false);
    expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 4_000, lastAnsweredAt: 3_000 });
    reach.report(true);
    expect(backs).toStrictEqual([{ state: 'unreachable', since: 4_000, lastAnsweredAt: 3_000 }]);
  });

  it('a limit never moves earlier, and only a later one is told again', () => {
    const { reach, messages } = tracker();
    reach.report({ type: 'limited', until: 60_000 });
    reach.report({ type: 'limited', until: 90_000 });
    // The later limit is told at once, the pages show its time.
    expect(messages.map((m) => m.until)).toEqual([60_000, 90_000]);
    reach.report({ type: 'limited', until: 90_000 });
    // An earlier limit met by another request does not shorten the wait.
    reach.report({ type: 'limited', until: 70_000 });
    expect(reach.current()).toStrictEqual({ state: 'limited', since: 1_000, until: 90_000, lastAnsweredAt: 1_000 });
    expect(messages.map((m) => m.until)).toEqual([60_000, 90_000]);
  });
});

describe('a stored state read while requests already reported', () => {
  it('gives way to what this worker heard since it started', async () => {
    const load = deferred<Reach | undefined>();
    const { reach } = tracker({ load: () => load.promise });
    reach.report(true);
    load.resolve({ state: 'refused', since: 500 });
    await reach.ready;
    expect(reach.current()).toStrictEqual({ state: 'reachable', since: 1_000, lastAnsweredAt: 1_000 });
  });

  it('gives an outage still under way its earlier start, stored and told again', async () => {
    const load = deferred<Reach | undefined>();
    const stored: Reach[] = [];
    const { reach, messages } = tracker({
      load: () => load.promise,
      store: async (next) => void stored.push(next),
    });
    reach.report(false);
    load.resolve({ state: 'unreachable', since: 500 });
    await reach.ready;
    expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 500 });
    expect(messages).toStrictEqual([
      { state: 'unreachable', since: 1_000 },
      { state: 'unreachable', since: 500 },
    ]);
    expect(stored.at(-1)).toStrictEqual({ state: 'unreachable', since: 500 });
  });

  it('leaves the state alone when the stored one is another state, or began no earlier', async () => {
    for (const stored of [
      { state: 'refused', since: 500 },
      { state: 'unreachable', since: 1_000 },
      { state: 'unreachable', since: 2_000 },
    ] satisfies Reach[]) {
      const load = deferred<Reach | undefined>();
      const { reach, messages } = tracker({ load: () => load.promise });
      reach.report(false);
      load.resolve(stored);
      await reach.ready;
      expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 1_000 });
      expect(messages).toHaveLength(1);
    }
  });

  it('a state that cannot be read or stored is said on the console, and the tracker goes on', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reach } = tracker({
      load: () => Promise.reject(new Error('disk gone')),
      store: () => Promise.reject(new Error('disk full')),
    });
    await reach.ready;
    expect(errors).toHaveBeenCalledWith(
      'Reading whether Epos Now answers failed:',
      expect.stringContaining('disk gone'),
    );
    reach.report(false);
    await settle();
    expect(errors).toHaveBeenCalledWith(
      'Storing whether Epos Now answers failed:',
      expect.stringContaining('disk full'),
    );
    expect(reach.current()?.state).toBe('unreachable');
  });
});

describe('what a page GET through the worker says', () => {
  it('one that gets no answer at all says unreachable, and its caller still gets the failure', async () => {
    const { reach } = tracker();
    const failure = new TypeError('fetch failed');
    const fetch = reporting(() => Promise.reject(failure), reach);
    await expect(fetch(new Request(URL_))).rejects.toBe(failure);
    expect(reach.current()?.state).toBe('unreachable');
  });

  it('one with no time limit of its own is not counted unreachable while it waits for a slow answer', async () => {
    const { reach, messages } = tracker();
    const fetch = reporting(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('[]')), 20)),
      reach,
    );
    await fetch(new Request(URL_));
    expect(messages.map((m) => m.state)).toEqual(['reachable']);
  });

  it('one answered 401 or 403 for the token says refused', async () => {
    for (const status of [401, 403]) {
      const { reach } = tracker();
      const fetch = reporting(
        async () => new Response('{"Message":"Authorization has been denied"}', { status }),
        reach,
      );
      await fetch(new Request(URL_));
      await settle();
      expect(reach.current()?.state).toBe('refused');
    }
  });

  it('one answered 429 says nothing of reach: the back-off that waits it out says limited', async () => {
    const { reach } = tracker();
    reach.report(false);
    const fetch = reporting(async () => new Response('Too many requests', { status: 429 }), reach);
    await fetch(new Request(URL_));
    await settle();
    expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 1_000 });
  });

  it('a refused answer whose body cannot be read is said on the console, and says nothing of reach', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reach } = tracker();
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error('connection reset mid-body'));
      },
    });
    const fetch = reporting(async () => new Response(broken, { status: 401 }), reach);
    await fetch(new Request(URL_));
    await settle();
    expect(warn).toHaveBeenCalledWith('Reading a refused answer failed:', expect.stringContaining('reset mid-body'));
    expect(reach.current()).toBeUndefined();
  });
});

describe('what a probe makes of its answer', () => {
  it('an answer in time is reachable', async () => {
    const { reach } = tracker();
    reach.report(false);
    expect(
      await probeReach(
        clientOf(async () => []),
        reach,
      ),
    ).toBe(true);
    expect(reach.current()?.state).toBe('reachable');
  });

  it('an answer in time stops the probe\u2019s clock: its request is not aborted afterwards', async () => {
    const { reach } = tracker();
    let signal: AbortSignal | undefined;
    const client = clientOf(async (given) => {
      signal = given;
      return [];
    });
    expect(await probeReach(client, reach, 5)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signal?.aborted).toBe(false);
  });

  it('a server error or a 408 is still an answer: reachable', async () => {
    for (const error of [
      new ServerError(REQUEST, { status: 500 }),
      new TimeoutError(REQUEST, 'request timeout', { status: 408 }),
    ]) {
      const { reach } = tracker();
      reach.report(false);
      expect(
        await probeReach(
          clientOf(() => Promise.reject(error)),
          reach,
        ),
      ).toBe(true);
      expect(reach.current()?.state).toBe('reachable');
    }
  });

  it('the API limit is an answer, left for the shared back-off to report with its time', async () => {
    const { reach } = tracker();
    reach.report(false);
    const limited = new RateLimitError(REQUEST, { status: 429, retryAfterMs: 60_000 });
    expect(
      await probeReach(
        clientOf(() => Promise.reject(limited)),
        reach,
      ),
    ).toBe(true);
    expect(reach.current()).toStrictEqual({ state: 'unreachable', since: 1_000 });
  });

  it('a refusal that comes after the probe stopped waiting still says refused', async () => {
    const { reach } = tracker();
    // The client let the request run past the abort (an answer already on its way) and it was refused.
    const late = clientOf(
      () => new Promise((_, reject) => setTimeout(() => reject(new AuthError(REQUEST, { status: 401 })), 30)),
    );
    expect(await probeReach(late, reach, 5)).toBe(true);
    expect(reach.current()?.state).toBe('refused');
  });

  it('a failure that is not the API\u2019s (a bug) is thrown, and says nothing of reach', async () => {
    const { reach } = tracker();
    const bug = new TypeError('list is not a function');
    await expect(
      probeReach(
        clientOf(() => Promise.reject(bug)),
        reach,
      ),
    ).rejects.toBe(bug);
    expect(reach.current()).toBeUndefined();
  });
});

describe('which failures got no answer at all', () => {
  it('no connection, or out of time with no status; not a 408, a refusal or a request never sent', () => {
    expect(noAnswer(new NetworkError(REQUEST, 'offline', true))).toBe(true);
    expect(noAnswer(new TimeoutError(REQUEST, 'no answer in 15 s'))).toBe(true);
    expect(noAnswer(new TimeoutError(REQUEST, 'request timeout', { status: 408 }))).toBe(false);
    expect(noAnswer(new AuthError(REQUEST, { status: 401 }))).toBe(false);
    expect(noAnswer(new InvalidRequestError(REQUEST, 'page 0'))).toBe(false);
  });
});

describe('the catch-up pull after an outage', () => {
  it('measures the outage from its start to now, on the real clock\u2019s scale', () => {
    const since = 1_700_000_000_000;
    expect(pullsToCatchUp({ state: 'unreachable', since }, since + 5_000)).toBe(false);
    expect(pullsToCatchUp({ state: 'unreachable', since }, since + 30_000)).toBe(true);
  });
});
