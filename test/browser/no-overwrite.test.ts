/**
 * No edit overwrites someone else's (issue 24), one device at a time, in real Chromium with the
 * real back office, outbox and worker: a record's edit form holds the copy Epos Now had when it
 * opened, and while it is open (or while the shop's uplink is dead) someone else changes the
 * record on Epos Now (a request of their own, straight to the stand-in). What this device sends
 * must change only what its person changed: another field changed there stays; the same field
 * changed on both sides waits for a person ("Keep mine", "Keep theirs"); a record deleted there
 * is neither re-created nor changed; an update sent twice (its first answer lost) changes nothing
 * the second time. Two devices at once are no-overwrite-devices.test.ts's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import {
  changeEntry,
  type Device,
  editRecord,
  onEposNow,
  openDevice,
  savedOn,
  settled,
  tillRequests,
} from './elsewhere.ts';
import { type ServedApp, serveApp, unexpected, WAIT } from './harness.ts';
import { linkFor } from './outages.ts';

const PRODUCTS = 50;
/** A device opened, an outage, the entry sent after it and looked at: room on a loaded machine. */
const TEST_MS = 120_000;

describe('no edit overwrites someone else\u2019s, in Chromium (issue 24)', () => {
  let app: ServedApp;
  let device: Device | undefined;

  beforeAll(async () => {
    // Through the outage proxy, so the shop's uplink can die while the browser stays online.
    app = await serveApp('no-overwrite', { products: PRODUCTS, outage: true });
  });

  afterAll(async () => {
    await app?.close();
  });

  afterEach(async () => {
    app.outage?.set('pass');
    app.standin.faults.clear();
    await device?.context.close();
    device = undefined;
  });

  /** Sets fields of a record on Epos Now before the test's device opens (the state everyone starts from). */
  function given(kind: Kind, id: number, fields: OpenRecord): void {
    app.standin.put(kind, { ...app.standin.record(kind, id), ...fields });
  }

  const open = async (): Promise<Device> => {
    device = await openDevice(app, PRODUCTS);
    return device;
  };

  it(
    'a stale copy edited online: the sale price saved from a form opened before the barcode changed on Epos Now leaves the new barcode',
    async () => {
      const id = 11;
      given('Product', id, { SalePrice: 2.45, Barcode: '5000000000111' });
      const till = await open();
      const { page, problems } = till;
      const form = await editRecord(till, 'Product', id);
      // Someone else, in Epos Now's back office, while this form is open.
      await onEposNow(app, 'PUT', `/api/V2/Product/${id}`, { Barcode: '5012345000111' });

      await form.getByRole('textbox', { name: 'Sale price' }).fill('3.75');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(page);
      await settled(page, 'Product', id);

      expect(app.standin.record('Product', id)).toMatchObject({ SalePrice: 3.75, Barcode: '5012345000111' });
      expect(unexpected(problems)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'an offline edit while Epos Now changed another field: the phone typed with the uplink dead (blackhole) and the email changed there both stay',
    async () => {
      const id = 21;
      given('Customer', id, { ContactNumber: '07700 900021', EmailAddress: 'before.21@example.com' });
      const till = await open();
      const { page, context, problems } = till;
      const form = await editRecord(till, 'Customer', id);
      const link = linkFor('dead uplink (blackhole)', app, context);
      await link.down();
      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 955021');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(page);
      await onEposNow(app, 'PUT', `/api/V2/Customer/${id}`, { EmailAddress: 'theirs.21@example.com' });

      await link.up();
      // Epos Now opens the till again.
      await page.reload();
      await settled(page, 'Customer', id);

      expect(app.standin.record('Customer', id)).toMatchObject({
        ContactNumber: '07700 955021',
        EmailAddress: 'theirs.21@example.com',
      });
      expect(unexpected(problems)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'the same field changed on both sides: Epos Now keeps its sale price, the change waits for a person with the three prices, and Keep mine sends this device\u2019s',
    async () => {
      const id = 13;
      given('Product', id, { SalePrice: 2.45 });
      const till = await open();
      const { page, context, problems } = till;
      const form = await editRecord(till, 'Product', id);
      const link = linkFor('reset', app, context);
      await link.down();
      await form.getByRole('textbox', { name: 'Sale price' }).fill('3.75');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(page);
      await onEposNow(app, 'PUT', `/api/V2/Product/${id}`, { SalePrice: 4.25 });
      const from = app.standin.log.length;

      await link.up();
      await page.reload();
      // Tried: sent, or looked at and left for a person.
      await settled(page, 'Product', id);

      expect(app.standin.record('Product', id)?.SalePrice, 'Epos Now\u2019s sale price once the change was tried').toBe(
        4.25,
      );
      const sentMine = tillRequests(app, from).filter(
        (r) => r.method === 'PUT' && r.path === `/api/V2/Product/${id}` && r.body.includes('3.75'),
      );
      expect(sentMine).toEqual([]);

      await page.getByRole('link', { name: 'Pending changes' }).click();
      const entry = changeEntry(page, 'Product', id);
      const keepMine = entry.getByRole('button', { name: /^Keep mine/ });
      await keepMine.waitFor(WAIT);
      await entry.getByRole('button', { name: /^Keep theirs/ }).waitFor(WAIT);
      // Per field: what it was, what this device set, what Epos Now has now.
      const text = (await entry.textContent()) ?? '';
      expect(
        ['2.45', '3.75', '4.25'].filter((price) => !text.includes(price)),
        text,
      ).toEqual([]);

      await keepMine.click();
      await expect.poll(() => app.standin.record('Product', id)?.SalePrice, WAIT).toBe(3.75);
      expect(await settled(page, 'Product', id)).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'a record deleted meanwhile: the offline edit is held for a person, saying the customer is no longer on Epos Now, and nothing re-creates it',
    async () => {
      const id = 24;
      given('Customer', id, { Forename: 'Della', Surname: 'Gone-24', ContactNumber: '07700 900024' });
      const till = await open();
      const { page, context, problems } = till;
      const form = await editRecord(till, 'Customer', id);
      const link = linkFor('reset', app, context);
      await link.down();
      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 955024');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(page);
      await onEposNow(app, 'DELETE', `/api/V2/Customer/${id}`);
      const from = app.standin.log.length;
      const customers = app.standin.records('Customer').length;

      await link.up();
      await page.reload();
      const states = await settled(page, 'Customer', id);

      // Kept for a person, not dropped, and not made again.
      expect(states).toHaveLength(1);
      expect(
        tillRequests(app, from).filter((r) => r.method === 'POST' && r.path.startsWith('/api/V2/Customer')),
      ).toEqual([]);
      expect(app.standin.record('Customer', id)).toBeUndefined();
      expect(
        app.standin.records('Customer').filter((c) => c.Surname === 'Gone-24' || c.ContactNumber === '07700 955024'),
      ).toEqual([]);
      expect(app.standin.records('Customer')).toHaveLength(customers);

      await page.getByRole('link', { name: 'Pending changes' }).click();
      const entry = changeEntry(page, 'Customer', id);
      await entry.waitFor(WAIT);
      await expect.poll(() => entry.textContent(), WAIT).toMatch(/no longer on Epos Now/i);
      // The worker's 404 is its own console's; the page's may show the record view's read.
      expect(unexpected(problems).filter((text) => !text.includes('status of 404'))).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'the same entry replayed twice: an update whose answer was lost is sent again without putting back the email Epos Now changed in between, and nothing is held',
    async () => {
      const id = 25;
      const path = `/api/V2/Customer/${id}`;
      given('Customer', id, { ContactNumber: '07700 900025', EmailAddress: 'before.25@example.com' });
      const till = await open();
      const { page, problems } = till;
      const form = await editRecord(till, 'Customer', id);
      // The first PUT is applied and its answer lost; the next try of it (Chromium's own resend on
      // a new connection, or the worker's) is lost before it is applied; the one after lands. Each
      // request for the record is handled 1.5 s after it arrives, so someone else's change, made
      // as soon as the first PUT is applied, is on Epos Now before any later request is handled.
      const exactly = new RegExp(`^${path}$`);
      app.standin.faults.add({ match: { path: exactly }, type: 'latency', ms: 1_500 });
      app.standin.faults.add({ match: { method: 'PUT', path: exactly }, type: 'drop-after-apply', times: 1 });
      app.standin.faults.add({ match: { method: 'PUT', path: exactly }, type: 'drop-before-apply', times: 1 });

      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 955025');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(() => app.standin.log.some((r) => r.path === path && r.fault === 'drop-after-apply'), {
          timeout: WAIT.timeout,
          interval: 20,
        })
        .toBe(true);
      // With a query of its own, so the faults aimed at the till's PUT let it through.
      await onEposNow(app, 'PUT', `${path}?by=someone-else`, { EmailAddress: 'theirs.25@example.com' });
      await savedOn(page);
      const states = await settled(page, 'Customer', id);

      expect(app.standin.record('Customer', id)).toMatchObject({
        ContactNumber: '07700 955025',
        EmailAddress: 'theirs.25@example.com',
      });
      // Nothing left for a person: the change is on Epos Now.
      expect(states).toEqual([]);
      await page.getByRole('link', { name: 'Pending changes' }).click();
      await page.getByRole('heading', { name: 'Pending changes' }).waitFor(WAIT);
      expect(await page.getByRole('button', { name: /^Keep (mine|theirs)/ }).count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
    },
    TEST_MS,
  );
});
