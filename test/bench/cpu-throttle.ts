/**
 * Chrome's CPU throttling (DevTools `Emulation.setCPUThrottlingRate`, 4x being Lighthouse's mobile
 * profile) on a page and on the service worker controlling it, with a fixed piece of work timed
 * in each, so every figure measured under a rate comes with the slowdown that rate really gave.
 *
 * What Chromium does with it, read in its source (blink's ThreadCPUThrottler and
 * InspectorEmulationAgent) and seen in this bench's own checks:
 * - The rate is one per renderer process and slows that process's main thread alone: a signal
 *   every 200 µs makes the thread spin for (rate - 1) times what it ran since the last one.
 * - A worker's target refuses it ("Operation is only supported for pages, not workers"), and the
 *   page's rate does not reach the worker's thread. So the worker is asked (the day Chromium
 *   takes it, it is applied) and then timed: `check()` says how much slower it really ran.
 * - Any DevTools session on the page that detaches (heapMb's, say) puts the rate back to 1, and
 *   a navigation may land in another process. Hence `apply()` after every navigation and after
 *   any other session, rather than trusting an emulation to survive either.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

/** How many times slower a fixed piece of work ran than unthrottled, where it was timed. */
export interface Slowdown {
  page: number;
  /** The service worker controlling the page. */
  worker: number;
}

/** A rate held on a page and its worker. */
export interface CpuThrottle {
  readonly rate: number;
  /**
   * Sets the rate on the page, and asks the worker (again) unless `pageOnly`: after every
   * navigation, and after any other DevTools session on the page. A navigation under way is
   * better left alone by the worker's attach (the worker may be serving it).
   */
  apply(pageOnly?: boolean): Promise<void>;
  /**
   * Runs `go` (a reload or a page's first load, resolving once it has committed) at the rate: set
   * before it, on the page and asked of the worker (a reload starts in the throttled process), and
   * on the page again once it committed (the new document may be in another process).
   */
  navigate<T>(go: () => Promise<T>): Promise<T>;
  /** Times the fixed work in the page and in the worker, unthrottled and at the rate; leaves the rate set. */
  check(): Promise<Slowdown>;
  /** What Chromium answered when the worker was last asked to throttle: 'applied', or its refusal. */
  workerAnswer(): string;
  /** Detaches (which puts the page's rate back to 1). */
  close(): Promise<void>;
}

/** About 10 ms of arithmetic unthrottled: long enough to span many of the throttler's 200 µs slices. */
const WORK = `(() => {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 1e7; i++) x = (x * 31 + i) | 0;
  return [performance.now() - started, x];
})()`;

/** Timings of the work taken each time; the shortest is the figure (a busy machine only ever adds to it). */
const WORK_RUNS = 5;

/** How long a worker may take to show up among the browser's targets after a load. */
const WORKER_WAIT_MS = 5_000;

/** How long a command sent to the worker may take to be answered. */
const ANSWER_MS = 10_000;

/** Holds `rate` on `page` (controlled by a service worker, which must be running) until closed. */
export async function throttleCpu(page: Page, rate: number): Promise<CpuThrottle> {
  const browser: Browser | null = page.context().browser();
  if (!browser) throw new Error('CPU throttling needs a browser the page belongs to (not a persistent context)');
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  if (scriptUrl === null)
    throw new Error(`no service worker controls ${page.url()}: nothing to throttle beside the page`);
  const pageSession = await page.context().newCDPSession(page);
  const browserSession = await browser.newBrowserCDPSession();
  const toWorker = (method: string, params: object) => sendToWorker(browserSession, scriptUrl, method, params);
  const timeWork = async (): Promise<{ page: number; worker: number }> => ({
    page: workTime(await pageSession.send('Runtime.evaluate', { expression: WORK, returnByValue: true })),
    worker: workTime((await toWorker('Runtime.evaluate', { expression: WORK, returnByValue: true })).result),
  });
  let answer = 'not asked';
  const apply = async (pageOnly = false): Promise<void> => {
    await pageSession.send('Emulation.setCPUThrottlingRate', { rate });
    if (pageOnly) return;
    const { error } = (await toWorker('Emulation.setCPUThrottlingRate', { rate })) as { error?: { message: string } };
    answer = error ? `refused: ${error.message}` : 'applied';
  };
  try {
    await apply();
  } catch (error) {
    await pageSession.detach();
    await browserSession.detach();
    throw error;
  }
  return {
    rate,
    apply,
    async navigate(go) {
      await apply();
      const committed = await go();
      await apply(true);
      return committed;
    },
    // Unthrottled and throttled in turn, so both meet the same moment of a busy machine.
    async check() {
      const base: { page: number; worker: number }[] = [];
      const now: { page: number; worker: number }[] = [];
      for (let run = 0; run < WORK_RUNS; run++) {
        await pageSession.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        base.push(await timeWork());
        await pageSession.send('Emulation.setCPUThrottlingRate', { rate });
        now.push(await timeWork());
      }
      await apply();
      const least = (times: { page: number; worker: number }[], side: 'page' | 'worker'): number =>
        Math.min(...times.map((t) => t[side]));
      return {
        page: least(now, 'page') / least(base, 'page'),
        worker: least(now, 'worker') / least(base, 'worker'),
      };
    },
    workerAnswer: () => answer,
    async close() {
      await pageSession.detach();
      await browserSession.detach();
    },
  };
}

/** The work's own time out of a Runtime.evaluate answer, in ms. */
function workTime(answer: unknown): number {
  const value = (answer as { result?: { value?: unknown } }).result?.value;
  if (!Array.isArray(value) || typeof value[0] !== 'number')
    throw new Error(`the timed work gave no time: ${JSON.stringify(answer).slice(0, 300)}`);
  return value[0];
}

/**
 * Sends one command to the running worker of `scriptUrl` and returns its raw answer (`result` or
 * `error`). Through the browser's session with the old message-passing attach, since Playwright's
 * CDPSession cannot address a flattened child session.
 */
async function sendToWorker(
  session: CDPSession,
  scriptUrl: string,
  method: string,
  params: object,
): Promise<{ result?: unknown; error?: { message: string } }> {
  const targetId = await workerTarget(session, scriptUrl);
  const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        session.off('Target.receivedMessageFromTarget', listen);
        reject(new Error(`the service worker ${scriptUrl} did not answer ${method} within ${ANSWER_MS / 1000} s`));
      }, ANSWER_MS);
      const listen = (event: { sessionId: string; message: string }): void => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
        if (message.id !== 1) return;
        clearTimeout(timer);
        session.off('Target.receivedMessageFromTarget', listen);
        resolve(message);
      };
      session.on('Target.receivedMessageFromTarget', listen);
      session
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method, params }) })
        .catch(reject);
    });
  } finally {
    await session.send('Target.detachFromTarget', { sessionId });
  }
}

/** The target id of the running worker of `scriptUrl`; throws, listing what runs, when there is none. */
async function workerTarget(session: CDPSession, scriptUrl: string): Promise<string> {
  const until = Date.now() + WORKER_WAIT_MS;
  for (;;) {
    const { targetInfos } = await session.send('Target.getTargets');
    const worker = targetInfos.findLast((t) => t.type === 'service_worker' && t.url === scriptUrl);
    if (worker) return worker.targetId;
    if (Date.now() > until) {
      const running = targetInfos.map((t) => `${t.type} ${t.url}`).join(', ');
      throw new Error(
        `no running service worker target for ${scriptUrl} within ${WORKER_WAIT_MS / 1000} s (targets: ${running})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
