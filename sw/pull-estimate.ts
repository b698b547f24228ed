/**
 * How many records a first walk should expect. The API gives no totals, so the last page is
 * found by asking: page numbers double until a page comes back short or empty, then the gap is
 * halved. The walk and the probe share their pages: a page one of them asked for is never asked
 * for again, so the probe's own cost is the empty pages past the end that the walk would not ask
 * for (none to two, a few bytes each) and the bandwidth its pages take from the pages before them.
 */
import type { CallOptions } from '../app/epos/client.ts';
import { PAGE_SIZE } from '../app/epos/kinds.ts';

/** One page of a kind (from 1), as the client lists it. */
export type PageSource<R> = (page: number, options: CallOptions) => Promise<R[]>;

/** A walk's pages, shared with the probe. */
export interface Probe<R> {
  /** The walk's page source: a page the probe asked for already is answered from its request. */
  fetchPage: PageSource<R>;
  /** Probes past page 1 (which came back full); resolves with the records expected in all. */
  estimate(): Promise<number>;
  /** Stops probing: requests still out are aborted, and nothing is kept. */
  stop(): void;
}

/** Past this page the probe stops doubling: a server that ignores `page` answers every page full. */
const LAST_PROBED_PAGE = 2 ** 16;

/** Shares `source` between a walk and its probe. */
export function createProbe<R>(source: PageSource<R>): Probe<R> {
  const asked = new Map<number, Promise<R[]>>();
  const controller = new AbortController();
  const fetchPage = (page: number, options: CallOptions): Promise<R[]> => {
    const known = asked.get(page);
    if (known) return known;
    const answer = source(page, options);
    asked.set(page, answer);
    return answer;
  };

  async function estimate(): Promise<number> {
    let full = 1; // the last page known to be full
    let empty = Number.POSITIVE_INFINITY; // the first page known to be empty
    while (empty - full > 1) {
      const page = empty === Number.POSITIVE_INFINITY ? full * 2 : Math.floor((full + empty) / 2);
      if (page > LAST_PROBED_PAGE) throw new Error(`page ${LAST_PROBED_PAGE} was still full: is paging ignored?`);
      const count = (await fetchPage(page, { signal: controller.signal })).length;
      if (count === PAGE_SIZE) full = page;
      else if (count > 0) return (page - 1) * PAGE_SIZE + count;
      else empty = page;
    }
    return full * PAGE_SIZE;
  }

  return {
    fetchPage,
    estimate,
    stop() {
      controller.abort(new Error('the walk is over'));
      asked.clear();
    },
  };
}
