/** The offline catalog kind by kind: what is stored, when it was pulled, how the latest pull is going. */

import { type CachedKind, KINDS } from '../../epos/kinds.ts';
import { shownCounts } from '../../page/catalog-counts.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import type { KindMeta } from '../../store/schema.ts';
import { heldText } from '../catalog-held.tsx';
import { formatCount } from '../format.ts';
import { failedKinds } from '../pull-error.tsx';
import { Ago } from './ago.tsx';

/** Props of {@link CatalogKinds}. */
export interface CatalogKindsProps {
  catalog: CatalogView;
  now: number;
  /** A person's answer to a held pull; the row offers it when a pull is held. */
  onSettleHeld: (kind: CachedKind, gen: number, accept: boolean) => void;
}

/** The "Offline catalog" table: one row per cached kind. */
export function CatalogKinds({ catalog, now, onSettleHeld }: CatalogKindsProps) {
  const counts = shownCounts(catalog);
  const failed = failedKinds(catalog.progress, catalog.meta);
  return (
    <div class="sync-kinds-wrap">
      <table class="sync-kinds">
        <caption>Offline catalog</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Records stored</th>
            <th scope="col">Last pull</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {catalog.meta.map((meta) => (
            <tr key={meta.kind}>
              <th scope="row">{KINDS[meta.kind].label}</th>
              <td data-label="Records stored">{formatCount(counts[meta.kind])}</td>
              <td data-label="Last pull">{meta.pulledAt === null ? 'Never' : <Ago at={meta.pulledAt} now={now} />}</td>
              <td data-label="State">
                <KindState
                  meta={meta}
                  catalog={catalog}
                  error={failed.find((f) => f.kind === meta.kind)?.error}
                  now={now}
                  onSettleHeld={onSettleHeld}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface KindStateProps {
  meta: KindMeta;
  catalog: CatalogView;
  error: string | undefined;
  now: number;
  onSettleHeld: CatalogKindsProps['onSettleHeld'];
}

function KindState({ meta, catalog, error, now, onSettleHeld }: KindStateProps) {
  const progress = catalog.progress[meta.kind];
  const { held } = meta;
  if (held && progress?.state !== 'running') {
    return (
      <span class="sync-held">
        <strong class="sync-failed">{heldText(meta)}</strong> The till keeps selling from the stored list until you
        choose.{' '}
        <button type="button" class="button" onClick={() => onSettleHeld(meta.kind, held.gen, false)}>
          Keep the old list
        </button>{' '}
        <button type="button" class="button" onClick={() => onSettleHeld(meta.kind, held.gen, true)}>
          Accept the new list
        </button>
      </span>
    );
  }
  if (progress?.state === 'running') {
    return (
      <span class="sync-running">
        Downloading: {plural(progress.pages, 'page')}, {plural(progress.records, 'record')} so far
      </span>
    );
  }
  if (error !== undefined) {
    return (
      <span class="sync-failed">
        <strong>Failed</strong>
        {meta.attemptedAt === null ? null : (
          <>
            {' '}
            <Ago at={meta.attemptedAt} now={now} />
          </>
        )}
        : {error}
      </span>
    );
  }
  return <span>{meta.pulledAt === null ? 'Never pulled' : 'Complete'}</span>;
}

/** Records as the till shows them, local writes included (what the till screen counts too). */
function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
