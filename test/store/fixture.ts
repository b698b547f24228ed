/** A fresh fake-indexeddb database per test, and a stand-in client to pull from. */
import 'fake-indexeddb/auto';
import { createClient, type EposClient } from '../../app/epos/client.ts';
import type { EposErrorData } from '../../app/epos/errors.ts';
import type { IdStyle } from '../../app/epos/ids.ts';
import { type OpenOptions, openTillDb, type TillDb } from '../../app/store/db.ts';
import { pullKind } from '../../sw/pull.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';

let opened = 0;

/** Opens a database no other test uses. */
export function freshDb(options: OpenOptions = {}): Promise<TillDb> {
  return openTillDb({ name: `test-${process.pid}-${++opened}`, ...options });
}

/** A stand-in and a client talking to it in process. */
export function standinClient(options: StandinOptions & { idStyle?: IdStyle } = {}): {
  standin: Standin;
  client: EposClient;
} {
  const standin = createStandin({ products: 450, ...options });
  return {
    standin,
    client: createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) }),
  };
}

/** A database with the stand-in's products pulled, a clock the test moves (pulls are timed by it), and a way to pull again. */
export async function pulledTill() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  const clock = { now: 1_000 };
  const pull = () => pullKind({ db, client, now: () => clock.now }, 'Product');
  await pull();
  return { db, standin, client, clock, pull };
}

/** Epos Now refusing a write: a 400 with its reason, as the outbox stores it. */
export function refusal(method: string, path: string): EposErrorData {
  return {
    code: 'client',
    name: 'ClientError',
    message: 'HTTP 400: SalePrice is not valid',
    method,
    path,
    mayHaveReached: true,
    status: 400,
  };
}

/** An update sent into an outage: no answer came, as the outbox stores it. */
export const offline: EposErrorData = {
  code: 'network',
  name: 'NetworkError',
  message: 'fetch failed',
  method: 'PUT',
  path: '/api/V2/Customer/2',
  mayHaveReached: false,
};

/** The note an entry held for another account carries, as stored (older tills read it too). */
export const otherAccountNote: EposErrorData = {
  code: 'auth',
  name: 'OtherAccount',
  message:
    'Made under another Epos Now account than the one this till uses now: it goes when the till is opened with that account again. Retry sends it to the account in use now.',
  method: '',
  path: '',
  mayHaveReached: false,
};
