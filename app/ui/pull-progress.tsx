/** The catalog pull under way, if any. */
import { CACHED_KINDS, type CachedKind } from '../epos/kinds.ts';
import type { PullProgress } from '../page/catalog-state.ts';
import { formatCount } from './format.ts';
import { KIND_PLURALS } from './kind-names.ts';

/** Props of {@link PullProgressBar}. */
export interface PullProgressBarProps {
  progress: Readonly<Partial<Record<CachedKind, PullProgress>>>;
}

/**
 * A progress bar while a kind downloads: "1,200 of about 3,000 products so far". The API gives no
 * totals; the worker's estimate is the last snapshot's count, or on a first download the one it
 * probed for (sw/pull-estimate.ts). Until it has one the bar is indeterminate and the label counts.
 */
export function PullProgressBar({ progress }: PullProgressBarProps) {
  const running = CACHED_KINDS.map((kind) => progress[kind]).find((p) => p?.state === 'running');
  if (!running) return null;
  // A kind that grew since its estimate fills the bar rather than running past its end.
  const total = running.expected === undefined ? undefined : Math.max(running.expected, running.records);
  const of = total === undefined ? '' : ` of about ${formatCount(total)}`;
  return (
    <div class="sync-progress">
      <progress
        aria-label="Catalog sync"
        aria-describedby="sync-progress-label"
        {...(total ? { value: running.records, max: total } : {})}
      />
      <span id="sync-progress-label">
        {`Downloading the catalog: ${formatCount(running.records)}${of} ${KIND_PLURALS[running.kind]} so far`}
      </span>
    </div>
  );
}
