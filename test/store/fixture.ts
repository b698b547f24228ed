/** A fresh fake-indexeddb database per test, and a stand-in client to pull from. */
import 'fake-indexeddb/auto';
import { createClient, type EposClient } from '../../app/epos/client.ts';
import type { IdStyle } from '../../app/epos/ids.ts';
import { openTillDb, type OpenOptions, type TillDb } from '../../app/store/db.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';

let opened = 0;

/** Opens a database no other test uses. */
export function freshDb(options: OpenOptions = {}): Promise<TillDb> {
  return openTillDb({ name: `test-${process.pid}-${++opened}`, ...options });
}

/** A stand-in and a client talking to it in process. */
export function standinClient(options: StandinOptions & { idStyle?: IdStyle } = {}): { standin: Standin; client: EposClient } {
  const standin = createStandin({ products: 450, ...options });
  return { standin, client: createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) }) };
}
