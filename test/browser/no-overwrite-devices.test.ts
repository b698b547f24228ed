/**
 * No edit overwrites someone else's (issue 24) between two devices of one shop, in real Chromium:
 * each device a browser context of its own (its storage, its worker, its outbox), as two tills or
 * two back offices are. Two tills edit different fields of one customer while offline, and the
 * second to send keeps the first's field, in either order; two back offices save different
 * settings from the same starting document, and the document on Epos Now keeps both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OutageProxy, startOutageProxy } from '../server/outage.ts';
import { type Device, editRecord, openDevice, savedOn, settled } from './elsewhere.ts';
import { type ServedApp, serveApp, unexpected, WAIT } from './harness.ts';
import { type Link, linkFor, proxyLink } from './outages.ts';

const PRODUCTS = 50;
/** Two devices opened, an outage each, and each one's change sent after it. */
const TEST_MS = 150_000;

describe('no edit overwrites another device\u2019s, in Chromium (issue 24)', () => {
  let app: ServedApp;
  /** The second till's own uplink: each till's link goes down and comes back on its own. */
  let secondUplink: OutageProxy;
  let devices: Device[] = [];

  beforeAll(async () => {
    app = await serveApp('no-overwrite-devices', { products: PRODUCTS, outage: true });
    secondUplink = await startOutageProxy(app.server.port);
  });

  afterAll(async () => {
    await secondUplink?.close();
    await app?.close();
  });

  afterEach(async () => {
    app.outage?.set('pass');
    secondUplink.set('pass');
    for (const device of devices) await device.context.close();
    devices = [];
  });

  async function open(origin = app.origin): Promise<Device> {
    const device = await openDevice(app, PRODUCTS, origin);
    devices.push(device);
    return device;
  }

  it.each(['phone', 'email'] as const)(
    'two tills edit different fields of one customer with their uplinks down (reset); the %s till sends first, and both fields stay',
    async (first) => {
      const id = first === 'phone' ? 22 : 23;
      const { standin } = app;
      standin.put('Customer', {
        ...standin.record('Customer', id),
        ContactNumber: `07700 9000${id}`,
        EmailAddress: `before.${id}@example.com`,
      });
      const phoneTill = await open();
      const emailTill = await open(secondUplink.url);
      const phoneForm = await editRecord(phoneTill, 'Customer', id);
      const emailForm = await editRecord(emailTill, 'Customer', id);
      const links = new Map<Device, Link>([
        [phoneTill, linkFor('reset', app, phoneTill.context)],
        [emailTill, proxyLink('reset', [secondUplink])],
      ]);
      for (const link of links.values()) await link.down();

      await phoneForm.getByRole('textbox', { name: 'Phone', exact: true }).fill(`07700 9550${id}`);
      await phoneForm.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(phoneTill.page);
      await emailForm.getByRole('textbox', { name: 'Email address', exact: true }).fill(`theirs.${id}@example.com`);
      await emailForm.getByRole('button', { name: 'Save changes' }).click();
      await savedOn(emailTill.page);
      const mine = { ContactNumber: `07700 9550${id}` };
      const theirs = { EmailAddress: `theirs.${id}@example.com` };
      const order = first === 'phone' ? [phoneTill, emailTill] : [emailTill, phoneTill];

      for (const device of order) {
        await links.get(device)?.up();
        // Epos Now opens that till again.
        await device.page.reload();
        await settled(device.page, 'Customer', id);
        // The first till's change is on Epos Now before the second's link comes back.
        if (device === order[0])
          expect(standin.record('Customer', id)).toMatchObject(device === phoneTill ? mine : theirs);
      }

      expect(standin.record('Customer', id)).toMatchObject({ ...mine, ...theirs });
      for (const device of devices) expect(unexpected(device.problems)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'two back offices save different settings from the same starting document: the currency saved in one and the till name saved in the other both stay',
    async () => {
      const { standin } = app;
      standin.settingsText = JSON.stringify({
        version: 1,
        tillName: 'Corner shop',
        currency: 'GBP',
        locale: 'en-GB',
        priceField: 'SalePrice',
        refreshMinutes: 15,
        favourites: [],
        allowCustomerCreate: true,
      });
      const offices = [await open(), await open()];
      const settingsRead = () =>
        standin.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/appsettings').length;
      for (const { page, origin } of offices) {
        const before = settingsRead();
        await page.goto(`${origin}/#/office/settings`);
        // Each back office asks Epos Now for the settings as it opens: the starting document, here.
        await expect.poll(settingsRead, WAIT).toBeGreaterThan(before);
        await expect.poll(() => page.getByRole('textbox', { name: 'Currency' }).inputValue(), WAIT).toBe('GBP');
        expect(await page.getByRole('textbox', { name: 'Till name' }).inputValue()).toBe('Corner shop');
      }
      const [euros, renamed] = offices as [Device, Device];

      await euros.page.getByRole('textbox', { name: 'Currency' }).fill('EUR');
      await euros.page.getByRole('button', { name: 'Save settings' }).click();
      await savedOn(euros.page);
      await settled(euros.page, 'settings', 0);
      expect(JSON.parse(standin.settingsText ?? 'null')).toMatchObject({ currency: 'EUR', tillName: 'Corner shop' });

      await renamed.page.getByRole('textbox', { name: 'Till name' }).fill('Back counter');
      await renamed.page.getByRole('button', { name: 'Save settings' }).click();
      await savedOn(renamed.page);
      await settled(renamed.page, 'settings', 0);

      expect(JSON.parse(standin.settingsText ?? 'null')).toMatchObject({ currency: 'EUR', tillName: 'Back counter' });
      for (const device of devices) expect(unexpected(device.problems)).toEqual([]);
    },
    TEST_MS,
  );
});
