/**
 * Pulls kept aside because they would empty or more than halve a kind: the till keeps selling
 * from the list it has, and says so until a manager accepts or rejects the new one.
 */
import type { KindMeta } from '../store/schema.ts';
import { formatCount } from './format.ts';
import { KIND_PLURALS } from './kind-names.ts';

/** Props of {@link CatalogHeld}. */
export interface CatalogHeldProps {
  meta: readonly KindMeta[];
}

/** "Epos Now now lists 0 products (was 3,000)." for a kind with a held pull; undefined otherwise. */
export function heldText(meta: KindMeta): string | undefined {
  if (!meta.held) return undefined;
  const noun = KIND_PLURALS[meta.kind];
  return `Epos Now now lists ${formatCount(meta.held.count)} ${noun} (was ${formatCount(meta.count)}).`;
}

/** The status bar's notice while any pull is held; nothing otherwise. */
export function CatalogHeld({ meta }: CatalogHeldProps) {
  const texts = meta.map(heldText).filter((text) => text !== undefined);
  if (texts.length === 0) return null;
  return (
    <p role="status" class="sync-error catalog-held">
      <strong>{texts.join(' ')}</strong> The till keeps selling from its stored list until a manager keeps it or accepts
      the new one in Back office › Sync.
    </p>
  );
}
