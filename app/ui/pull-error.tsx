/** A failed catalog pull: what failed, what the till does meanwhile, and what to do. */
import { CACHED_KINDS, type CachedKind } from '../epos/kinds.ts';
import type { PullProgress } from '../page/catalog-state.ts';
import type { KindMeta } from '../store/schema.ts';
import { formatAge } from './format.ts';
import { KIND_PLURALS } from './kind-names.ts';
import { STALLED_TEXT } from './problem-text.ts';

/** Props of {@link PullError}. */
export interface PullErrorProps {
  progress: Readonly<Partial<Record<CachedKind, PullProgress>>>;
  meta: readonly KindMeta[];
  online: boolean;
  now: number;
  /** Opens the form for a new API token; offered when the token was refused. */
  onNewToken?: (() => void) | undefined;
}

/** The last failure of each kind, from this page's broadcasts or, before any, the stored state. */
export function failedKinds(
  progress: PullErrorProps['progress'],
  meta: readonly KindMeta[],
): { kind: CachedKind; error: string }[] {
  const failed: { kind: CachedKind; error: string }[] = [];
  for (const kind of CACHED_KINDS) {
    const latest = progress[kind];
    // A finished walk seen on this page is newer than the stored state, which is re-read after it.
    const error =
      latest && latest.state !== 'running'
        ? finishedError(latest)
        : (meta.find((m) => m.kind === kind)?.lastError ?? null);
    if (error !== null) failed.push({ kind, error });
  }
  return failed;
}

function finishedError(progress: PullProgress): string | null {
  if (progress.state === 'stalled') return STALLED_TEXT;
  return progress.state === 'failed' ? (progress.error ?? 'unknown error') : null;
}

/** An alert while the last pull of any kind failed; nothing otherwise. */
export function PullError({ progress, meta, online, now, onNewToken }: PullErrorProps) {
  const failed = failedKinds(progress, meta);
  if (failed.length === 0) return null;
  const names = failed.map((f) => KIND_PLURALS[f.kind]).join(', ');
  const pulled = meta.filter((m) => failed.some((f) => f.kind === m.kind) && m.pulledAt !== null);
  const fallback =
    pulled.length === failed.length
      ? `The till keeps using its stored catalog (updated ${formatAge(Math.min(...pulled.map((m) => m.pulledAt as number)), now)}).`
      : 'Nothing is stored yet for some of these, so they are missing until a download completes.';
  return (
    <div role="alert" class="sync-error">
      <p>
        <strong>Catalog sync failed</strong> ({names}). {fallback} {advice(failed, online)}
      </p>
      {/* What was asked and answered is for whoever fixes it, not the cashier: behind a disclosure. */}
      <details class="change-details">
        <summary>Details</summary>
        <p>{describe(failed)}</p>
      </details>
      {onNewToken && refused(failed) ? (
        <button type="button" class="button" onClick={onNewToken}>
          Enter a new token
        </button>
      ) : null}
    </div>
  );
}

/** The errors, once each: offline, every kind fails the same way and one line says it. */
function describe(failed: readonly { error: string }[]): string {
  // "GET /api/V2/Product?page=1: network failure (...)" -> "network failure (...)"
  const reasons = new Set(failed.map((f) => f.error.replace(/^[A-Z]+ \S+: /, '')));
  return failed.length > 1 && reasons.size === 1 ? [...reasons].join('') : failed.map((f) => f.error).join('; ');
}

function refused(failed: readonly { error: string }[]): boolean {
  return failed.some((f) => /HTTP 40[13]\b/.test(f.error));
}

function advice(failed: readonly { error: string }[], online: boolean): string {
  if (refused(failed)) {
    return 'The API token was refused: enter a new one, open the app again from Epos Now, or ask a manager to check the API device.';
  }
  if (!online) return 'It syncs again when the connection is back.';
  return 'It retries automatically. Check the shop\u2019s internet connection, or press Sync now.';
}
