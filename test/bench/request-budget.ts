/**
 * The account's request budget (issue 14): what one till spends a day on catalog pulls, counted
 * request by request on the stand-in, and the staleness that buys (how long a change on Epos Now
 * takes to show on the till), for two policies side by side:
 * - walk: every cached kind walked whole every `refreshMinutes` (the policy before issue 14);
 * - refresh: small kinds walked, products refreshed by sample (sw/pull-refresh.ts), a whole walk
 *   once a day and whenever the sample finds a record gone.
 * The refresh policy is played over a whole day of changes on the server: an edit to some product
 * every interval, to a hot one (a favourite) every other, a new product every sixth, one product
 * deleted, and a tender renamed. Staleness is counted in intervals: a change made during one
 * shows at the end of the next pull that finds it. All tills of a shop share the account's limit,
 * so a shop's figure is this times its tills. In-process (fake-indexeddb, the stand-in's own
 * fetch): requests are counted, not timed, so no browser is needed.
 */

import type { EposClient } from '../../app/epos/client.ts';
import { recordId } from '../../app/epos/ids.ts';
import { CACHED_KINDS, type CachedKind, KINDS } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { replay } from '../../sw/outbox/replay.ts';
import { type PullPlan, pullCatalog } from '../../sw/pull.ts';
import { SAMPLE_PAGES } from '../../sw/pull-refresh.ts';
import { mulberry32 } from '../standin/prng.ts';
import type { Standin } from '../standin/standin.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** What the refresh policy costs and gives. */
export interface RequestBudget {
  products: number;
  refreshMinutes: number;
  /** Hours a day the till is open (its worker pulls only while a page is open). */
  openHours: number;
  /** Requests of the first pull on an empty till, by kind. */
  firstPull: Record<CachedKind, number>;
  /** Requests of each whole walk after the first (aimed at the last count), by kind. */
  walk: Record<CachedKind, number>;
  pullsPerDay: number;
  /** Today's policy: a whole walk every interval. */
  walkPerDay: number;
  /** The refresh policy, played over a day. */
  refresh: PlayedDay;
  /** Requests one write of each op makes when replayed (an update and a save read first, issue 24). */
  writes: Record<Write['op'], number>;
}

/** A day of the refresh policy. */
export interface PlayedDay {
  requests: number;
  /** Pulls that walked every product page (the day's walk, and one per deletion found). */
  walks: number;
  /** Requests of a refresh that found nothing (the fewest), and the most one made. */
  refreshRequests: { least: number; most: number };
  /** Staleness in minutes by what changed: the worst seen (changes late in the day timed on the pulls after it). */
  staleness: Record<Change, number>;
}

type Change = 'tender renamed' | 'new product' | 'favourite edited' | 'other product edited' | 'product deleted';

/** Hot ids as a till sends them: its favourites, spread over the catalog. */
const FAVOURITES = 12;

/** Pulls twice (first, then a walk) and counts each kind's requests, then plays a day of refreshes. */
export async function measureRequestBudget(options: {
  products: number;
  refreshMinutes: number;
  openHours: number;
}): Promise<RequestBudget> {
  const db = await freshDb();
  const { standin, client } = standinClient({ products: options.products });
  let clock = 1_000_000;
  const count = async (plan: PullPlan): Promise<Record<CachedKind, number>> => {
    const before = standin.log.length;
    await pullCatalog({ db, client, now: () => clock }, undefined, plan);
    clock += options.refreshMinutes * 60_000;
    const asked = standin.log.slice(before);
    return Object.fromEntries(
      CACHED_KINDS.map((kind) => [
        kind,
        asked.filter((entry) => entry.method === 'GET' && segmentKind(entry.path) === kind).length,
      ]),
    ) as Record<CachedKind, number>;
  };
  const sum = (by: Record<CachedKind, number>): number => Object.values(by).reduce((a, n) => a + n, 0);
  const firstPull = await count({ full: true });
  const walk = await count({ full: true });
  const pullsPerDay = Math.floor((options.openHours * 60) / options.refreshMinutes);

  // The day: the day's walk above, then a refresh every interval, with changes made between them.
  const random = mulberry32(14);
  const products = () => standin.records('Product');
  const favourites = Array.from(
    { length: FAVOURITES },
    (_, i) => recordId('Product', products()[Math.floor(((i + 0.5) * options.products) / FAVOURITES)]) as number,
  );
  const waiting: { change: Change; madeAt: number; kind: CachedKind; id: number; expect: OpenRecord | undefined }[] =
    [];
  const worst = {} as Record<Change, number>;
  const edit = (change: Change, kind: CachedKind, record: OpenRecord, interval: number): void => {
    const edited = standin.put(kind, { ...record, Name: `${change} at ${interval}` });
    const id = recordId(kind, edited) as number;
    // A record changed again before the till saw it: the first change is still waiting, now for this.
    const earlier = waiting.find((w) => w.kind === kind && w.id === id);
    if (earlier) earlier.expect = edited;
    else waiting.push({ change, madeAt: interval, kind, id, expect: edited });
  };
  let requests = sum(walk);
  let walks = 1;
  const refreshRequests = { least: Number.POSITIVE_INFINITY, most: 0 };
  // The day's pulls are counted; after them the till pulls on (uncounted, no more changes) until it
  // has seen every change, so a change made late in the day is timed too.
  for (let interval = 1; interval < pullsPerDay || (waiting.length > 0 && interval < 4 * pullsPerDay); interval++) {
    const counted = interval < pullsPerDay;
    if (!counted) {
      await pullCatalog({ db, client, now: () => clock }, undefined, { hot: favourites });
      clock += options.refreshMinutes * 60_000;
      await settle(interval);
      continue;
    }
    const all = products();
    edit('other product edited', 'Product', all[Math.floor(random() * all.length)] as OpenRecord, interval);
    if (interval % 2 === 0) {
      const id = favourites[interval % FAVOURITES] as number;
      edit('favourite edited', 'Product', standin.record('Product', id) as OpenRecord, interval);
    }
    if (interval % 6 === 0) {
      const last = all.at(-1) as OpenRecord;
      edit('new product', 'Product', { ...last, ProductID: (recordId('Product', last) as number) + 1 }, interval);
    }
    if (interval === Math.floor(pullsPerDay / 3)) {
      const gone = all[Math.floor(all.length / 2)] as OpenRecord;
      standin.remove('Product', recordId('Product', gone) as number);
      waiting.push({
        change: 'product deleted',
        madeAt: interval,
        kind: 'Product',
        id: recordId('Product', gone) as number,
        expect: undefined,
      });
    }
    if (interval === Math.floor(pullsPerDay / 2)) {
      edit('tender renamed', 'TenderType', standin.records('TenderType')[0] as OpenRecord, interval);
    }
    const before = standin.log.length;
    await pullCatalog({ db, client, now: () => clock }, undefined, { hot: favourites });
    clock += options.refreshMinutes * 60_000;
    const asked = standin.log.length - before;
    requests += asked;
    if (standin.log.slice(before).filter((e) => segmentKind(e.path) === 'Product').length > options.products / 200)
      walks++;
    else {
      refreshRequests.least = Math.min(refreshRequests.least, asked);
      refreshRequests.most = Math.max(refreshRequests.most, asked);
    }
    await settle(interval);
  }
  async function settle(interval: number): Promise<void> {
    for (const change of [...waiting]) {
      const seen = await readOne(db, change.kind, change.id);
      if (JSON.stringify(seen) !== JSON.stringify(change.expect)) continue;
      const minutes = (interval - change.madeAt + 1) * options.refreshMinutes;
      worst[change.change] = Math.max(worst[change.change] ?? 0, minutes);
      waiting.splice(waiting.indexOf(change), 1);
    }
  }
  if (waiting.length > 0) throw new Error(`${waiting.length} changes never reached the till`);
  const writes = await countWrites(db, standin, client, clock);
  db.close();
  return {
    ...options,
    firstPull,
    walk,
    pullsPerDay,
    walkPerDay: sum(walk) * pullsPerDay,
    refresh: { requests, walks, refreshRequests, staleness: worst },
    writes,
  };
}

/** Replays one write of each op alone and counts its requests on the stand-in. */
async function countWrites(
  db: TillDb,
  standin: Standin,
  client: EposClient,
  now: number,
): Promise<Record<Write['op'], number>> {
  const [product] = standin.records('Product');
  const id = recordId('Product', product) as number;
  const writes: Write[] = [
    { op: 'create', kind: 'Customer', body: { Forename: 'Budget', Surname: 'Write' } },
    { op: 'update', kind: 'Product', id, body: { Name: 'Budget write' } },
    { op: 'delete', kind: 'Customer', id: 1 },
    { op: 'save', document: { version: 1, tillName: 'Budget' }, base: { version: 1 } },
  ];
  const counted = {} as Record<Write['op'], number>;
  for (const write of writes) {
    await enqueue(db, write, now);
    const before = standin.log.length;
    await replay({ db, client, now: () => now, random: () => 0.5 });
    counted[write.op] = standin.log.length - before;
  }
  return counted;
}

/** Rows for the bench's table. */
export function formatRequestBudgetRows(b: RequestBudget): [string, string, string][] {
  const sum = (by: Record<CachedKind, number>): number => Object.values(by).reduce((a, n) => a + n, 0);
  const kinds = (by: Record<CachedKind, number>): string => CACHED_KINDS.map((k) => `${k} ${by[k]}`).join(', ');
  const stale = (change: Change): string => {
    const minutes = b.refresh.staleness[change];
    return minutes === undefined ? 'not made' : `${minutes} min`;
  };
  const day = `every ${b.refreshMinutes} min over ${b.openHours} h open`;
  return [
    ['first pull, requests', String(sum(b.firstPull)), kinds(b.firstPull)],
    ['whole walk, requests', String(sum(b.walk)), kinds(b.walk)],
    [
      'walk policy: requests per till per day',
      b.walkPerDay.toLocaleString('en-GB'),
      `${b.pullsPerDay} whole walks, ${day}`,
    ],
    [
      'refresh policy: requests per till per day',
      b.refresh.requests.toLocaleString('en-GB'),
      `${b.refresh.walks} whole walks (the day's, and one per deletion found), refreshes of ${b.refresh.refreshRequests.least}-${b.refresh.refreshRequests.most} requests, ${day}`,
    ],
    ['requests saved', `${(b.walkPerDay / b.refresh.requests).toFixed(1)}x`, 'walk policy / refresh policy'],
    [
      'a write replayed, requests',
      `update ${b.writes.update}, save ${b.writes.save}`,
      `create ${b.writes.create} (with its twin look), delete ${b.writes.delete}; an update and a save read first (issue 24)`,
    ],
    [
      'staleness, walk policy',
      `${b.refreshMinutes} min`,
      'every change, at worst (one interval, plus the walk itself)',
    ],
    ...(['tender renamed', 'new product', 'favourite edited', 'product deleted', 'other product edited'] as const).map(
      (change): [string, string, string] => [
        `staleness, refresh policy: ${change}`,
        stale(change),
        change === 'other product edited'
          ? `worst over the day; the window reads every page within ${Math.ceil(b.products / 200 / SAMPLE_PAGES)} refreshes`
          : 'worst over the day',
      ],
    ),
  ];
}

/** The kind a stand-in log path asks for (`/api/V2/Product?page=3` → Product), by the kinds' own segments. */
function segmentKind(path: string): CachedKind | undefined {
  const segment = /^\/api\/V2\/([A-Za-z]+)/.exec(path)?.[1];
  return CACHED_KINDS.find((kind) => KINDS[kind].segment === segment);
}
