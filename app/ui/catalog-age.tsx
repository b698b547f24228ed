/** How old the stored catalog is, and what it holds. */
import type { CachedKind } from '../epos/kinds.ts';
import type { KindMeta } from '../store/schema.ts';
import { formatAge, formatCount } from './format.ts';
import { KIND_PLURALS } from './kind-names.ts';

/** Props of {@link CatalogAge}. */
export interface CatalogAgeProps {
  meta: readonly KindMeta[];
  now: number;
  /** What the till shows of each kind, local writes included; the last pull's counts otherwise. */
  counts?: Readonly<Partial<Record<CachedKind, number>>> | undefined;
  /** The refresh interval: a catalog older than this is flagged as out of date. */
  intervalMs?: number | undefined;
}

/** "Catalog updated 3 min ago" with the counts, or "Catalog not downloaded yet". */
export function CatalogAge({ meta, now, counts = {}, intervalMs = Infinity }: CatalogAgeProps) {
  const pulled = meta.filter((m) => m.pulledAt !== null);
  if (pulled.length === 0) return <p class="catalog-age">Catalog not downloaded yet</p>;
  // The oldest kind is how stale the till may be.
  const oldest = Math.min(...pulled.map((m) => m.pulledAt as number));
  return (
    <p class="catalog-age">
      <span>Catalog updated {formatAge(oldest, now)}</span>
      {now - oldest > intervalMs ? <strong class="stale"> Out of date: it updates when the till is online</strong> : null}
      <span class="counts">{pulled.map((m) => `${formatCount(counts[m.kind] ?? m.count)} ${KIND_PLURALS[m.kind]}`).join(' · ')}</span>
    </p>
  );
}
