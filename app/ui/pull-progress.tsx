/** The catalog pull under way, if any. */
import { CACHED_KINDS, type CachedKind } from '../epos/kinds.ts';
import type { PullProgress } from '../page/catalog-state.ts';
import type { KindMeta } from '../store/schema.ts';
import { formatCount } from './format.ts';
import { KIND_PLURALS } from './kind-names.ts';

/** Props of {@link PullProgressBar}. */
export interface PullProgressBarProps {
  progress: Readonly<Partial<Record<CachedKind, PullProgress>>>;
  meta: readonly KindMeta[];
}

/**
 * A progress bar while a kind downloads. The API gives no totals, so the previous snapshot's
 * count is the estimate; on the first download the bar is indeterminate and the label counts.
 */
export function PullProgressBar({ progress, meta }: PullProgressBarProps) {
  const running = CACHED_KINDS.map((kind) => progress[kind]).find((p) => p?.state === 'running');
  if (!running) return null;
  const previous = meta.find((m) => m.kind === running.kind)?.count ?? 0;
  const bar = previous > 0 ? { value: running.records, max: Math.max(previous, running.records) } : {};
  return (
    <div class="sync-progress">
      <progress aria-label="Catalog sync" aria-describedby="sync-progress-label" {...bar} />
      <span id="sync-progress-label">
        Downloading {KIND_PLURALS[running.kind]}: {formatCount(running.records)}
      </span>
    </div>
  );
}
