/**
 * Marks every page of the till reads alike at the same moment: a mark is a Web Lock held under
 * its name. localStorage was not that: each page reads its own process's copy, which can hear of
 * another page's write only after the lock the pages take turns under has passed on (seen in
 * Chromium under load: the next page read the old mark 1 ms after it was set, and asked again).
 * Web Locks are granted and queried by one manager, in order.
 */

/** Marks shared by the till's pages. */
export interface SharedMarks {
  /** Sets `name`, dropping this page's previous mark; resolves once every page can see it. */
  note(name: string): Promise<void>;
  /** Whether any open page of the till holds `name`. */
  has(name: string): Promise<boolean>;
}

/** Marks as locks named `prefix:name`, each held until the page's next mark or its closing. */
export function lockMarks(locks: Pick<LockManager, 'request' | 'query'>, prefix: string): SharedMarks {
  let release = (): void => undefined;
  return {
    note(name) {
      release();
      return new Promise<void>((granted, refused) => {
        locks
          .request(`${prefix}:${name}`, () => {
            granted();
            return new Promise<void>((done) => {
              release = done;
            });
          })
          .catch(refused);
      });
    },
    async has(name) {
      const { held = [] } = await locks.query();
      return held.some((lock) => lock.name === `${prefix}:${name}`);
    },
  };
}
