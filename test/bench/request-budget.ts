/**
 * The account's request budget (issue 14): what one till spends a day on catalog pulls under
 * today's policy (every cached kind walked whole every `refreshMinutes`), counted request by
 * request on the stand-in, and the staleness that buys (how long a change on Epos Now can take
 * to show on the till). All tills of a shop share the account's limit, so a shop's figure is this
 * times its tills. In-process (fake-indexeddb, the stand-in's own fetch): requests are counted,
 * not timed, so no browser is needed.
 */
import { CACHED_KINDS, type CachedKind, KINDS } from '../../app/epos/kinds.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** What the refresh policy costs and gives. */
export interface RequestBudget {
  products: number;
  refreshMinutes: number;
  /** Hours a day the till is open (its worker pulls only while a page is open). */
  openHours: number;
  /** Requests of the first pull on an empty till, by kind. */
  firstPull: Record<CachedKind, number>;
  /** Requests of each later pull (aimed at the last count), by kind. */
  refresh: Record<CachedKind, number>;
  pullsPerDay: number;
  requestsPerDay: number;
  /** Longest a change can wait to show: one interval (plus the walk itself, not counted). */
  stalenessMaxMinutes: number;
}

/** Pulls twice (first, then a refresh) and counts each kind's requests. */
export async function measureRequestBudget(options: {
  products: number;
  refreshMinutes: number;
  openHours: number;
}): Promise<RequestBudget> {
  const db = await freshDb();
  const { standin, client } = standinClient({ products: options.products });
  const count = async (): Promise<Record<CachedKind, number>> => {
    const before = standin.log.length;
    await pullCatalog({ db, client });
    const asked = standin.log.slice(before);
    return Object.fromEntries(
      CACHED_KINDS.map((kind) => [
        kind,
        asked.filter((entry) => entry.method === 'GET' && segmentKind(entry.path) === kind).length,
      ]),
    ) as Record<CachedKind, number>;
  };
  const firstPull = await count();
  const refresh = await count();
  db.close();
  const pullsPerDay = Math.floor((options.openHours * 60) / options.refreshMinutes);
  const perPull = Object.values(refresh).reduce((sum, n) => sum + n, 0);
  return {
    ...options,
    firstPull,
    refresh,
    pullsPerDay,
    requestsPerDay: perPull * pullsPerDay,
    stalenessMaxMinutes: options.refreshMinutes,
  };
}

/** Rows for the bench's table. */
export function formatRequestBudgetRows(b: RequestBudget): [string, string, string][] {
  const sum = (by: Record<CachedKind, number>): number => Object.values(by).reduce((a, n) => a + n, 0);
  const kinds = (by: Record<CachedKind, number>): string => CACHED_KINDS.map((k) => `${k} ${by[k]}`).join(', ');
  return [
    ['first pull, requests', String(sum(b.firstPull)), kinds(b.firstPull)],
    ['each refresh, requests', String(sum(b.refresh)), kinds(b.refresh)],
    [
      `requests per till per day (today's policy)`,
      b.requestsPerDay.toLocaleString('en-GB'),
      `${b.pullsPerDay} walks of every kind: every ${b.refreshMinutes} min over ${b.openHours} h open`,
    ],
    ['staleness (a change on Epos Now to the till)', `up to ${b.stalenessMaxMinutes} min`, 'plus the walk itself'],
  ];
}

/** The kind a stand-in log path asks for (`/api/V2/Product?page=3` → Product), by the kinds' own segments. */
function segmentKind(path: string): CachedKind | undefined {
  const segment = /^\/api\/V2\/([A-Za-z]+)/.exec(path)?.[1];
  return CACHED_KINDS.find((kind) => KINDS[kind].segment === segment);
}
