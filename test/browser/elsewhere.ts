/**
 * What the tests of issue 24 (no edit overwrites someone else's) share: a change made on Epos Now
 * by someone else meanwhile, sent over HTTP straight to the served stand-in (not through the
 * browser under test nor its outage proxy, as another device's request arrives); the till's own
 * requests told from those in the stand-in's log; a device opened, its back office's edit form
 * open on a record; what its outbox still holds for the record; and its entry under Pending changes.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Kind } from '../../app/epos/kinds.ts';
import type { LoggedRequest } from '../standin/standin.ts';
import { catalogCounts, type ServedApp, WAIT, watchProblems } from './harness.ts';
import { readOutbox } from './page-reads.ts';

/** The user agent of the requests made from here: what tells someone else's requests from the till's in the log. */
const SOMEONE_ELSE = 'someone else (epos-till test)';

/** Outbox states of an entry still on its way: anything else waits for a person. */
const IN_FLIGHT = new Set(['pending', 'sending', 'verify']);

/**
 * Someone else's change on Epos Now: `method` of `path` (`/api/V2/Customer/12`) with `body` as
 * JSON, straight to the stand-in's server with its token. Throws unless it answered 2xx.
 */
export async function onEposNow(
  app: ServedApp,
  method: 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${app.server.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${app.standin.token}`,
      'content-type': 'application/json',
      'user-agent': SOMEONE_ELSE,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`someone else's ${method} ${path} got ${response.status}: ${text}`);
}

/** The requests the browser made (every one not made by {@link onEposNow}), from log index `from` on. */
export function tillRequests(app: ServedApp, from = 0): LoggedRequest[] {
  return app.standin.log.slice(from).filter((request) => request.headers['user-agent'] !== SOMEONE_ELSE);
}

/** The states of the outbox entries `page`'s device holds for one record (`settings` and 0 for the settings), oldest first. */
async function outboxStates(page: Page, target: string, recordId: number): Promise<string[]> {
  const entries = await readOutbox(page);
  return entries.filter((e) => e.target === target && e.recordId === recordId).map((e) => e.state);
}

/**
 * Waits until `page`'s device has tried everything it holds for the record: nothing left, or
 * only entries waiting for a person. Call it once the write is stored (its screen said so).
 */
export async function settled(page: Page, target: string, recordId: number, timeout = 45_000): Promise<string[]> {
  await expect
    .poll(async () => (await outboxStates(page, target, recordId)).filter((state) => IN_FLIGHT.has(state)), {
      timeout,
      message: `${target} ${recordId} still on its way`,
    })
    .toEqual([]);
  return outboxStates(page, target, recordId);
}

/** A device: its own browser context (storage, worker) with the till opened at `origin` and its catalog pulled. */
export interface Device {
  context: BrowserContext;
  page: Page;
  /** Where this device reaches the app: the served origin, or an outage proxy of its own. */
  origin: string;
  problems: string[];
}

/** Opens a new device on `origin` (default: where the app is served to the browser) and waits for its `products` and its worker. */
export async function openDevice(app: ServedApp, products: number, origin = app.origin): Promise<Device> {
  const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(app.appUrl().replace(app.origin, origin));
  await catalogCounts(page, products).waitFor(WAIT);
  // Controlled, so the writes go through its worker and a reload comes from it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  return { context, page, origin, problems };
}

/** Opens the back office's Records on `kind` and the edit form of record `id` (the copy Epos Now has as it opens). */
export async function editRecord(device: Device, kind: 'Product' | 'Customer', id: number): Promise<Locator> {
  const { page } = device;
  await page.goto(`${device.origin}/#/office/records`);
  if (kind !== 'Product') await page.getByRole('combobox', { name: 'Record kind' }).selectOption({ label: kind }, WAIT);
  await page.getByRole('button', { name: `View ${kind} ${id}`, exact: true }).click(WAIT);
  await page.getByRole('button', { name: 'Edit', exact: true }).click(WAIT);
  const form = page.getByRole('form', { name: `Edit ${kind} ${id}` });
  await form.waitFor(WAIT);
  return form;
}

/** Waits until the screen says the write was stored: "Saved", "Saved to Epos Now" or "Saved on this till…". */
export function savedOn(page: Page): Promise<void> {
  return page
    .getByRole('status')
    .filter({ hasText: /^Saved\b/ })
    .waitFor(WAIT);
}

/** The entry for record `id` on the Pending changes screen `page` shows, found by its heading ("Update Customer 24…"). */
export function changeEntry(page: Page, kind: Kind, id: number): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`\\b${kind} ${id}\\b`) }) });
}
