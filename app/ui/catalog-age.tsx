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
  /** The refresh interval: a catalog older than this (and a grace) is flagged as out of date. */
  intervalMs?: number | undefined;
  online?: boolean;
}

/**
 * Past the interval, how long a refresh may take before the catalog counts as out of date: the
 * page checks its age every minute, and a pull of 50,000 products takes a few seconds more.
 */
const STALE_GRACE_MS = 2 * 60_000;

/**
 * "Catalog updated 3 min ago" with the counts, "Catalog not downloaded yet", or, while some kinds
 * have no snapshot yet (a first download under way or failed), "Catalog partly downloaded" with
 * the kinds it has: the till cannot yet say its catalog is up to date.
 */
export function CatalogAge({ meta, now, counts = {}, intervalMs = Infinity, online = true }: CatalogAgeProps) {
  const pulled = meta.filter((m) => m.pulledAt !== null);
  if (pulled.length === 0) return <p class="catalog-age">Catalog not downloaded yet</p>;
  // The oldest kind is how stale the till may be.
  const oldest = Math.min(...pulled.map((m) => m.pulledAt as number));
  const whole = pulled.length === meta.length;
  return (
    <p class="catalog-age">
      <span>{whole ? `Catalog updated ${formatAge(oldest, now)}` : 'Catalog partly downloaded'}</span>
      {whole && now - oldest > intervalMs + STALE_GRACE_MS ? (
        <strong class="stale"> Out of date: {online ? 'press Sync now' : 'it updates when the till is online'}</strong>
      ) : null}
      <span class="counts">
        {pulled.map((m) => `${formatCount(counts[m.kind] ?? m.count)} ${KIND_PLURALS[m.kind]}`).join(' · ')}
      </span>
    </p>
  );
}
