/** Whether the browser promised to keep the offline data. */
import type { Persistence } from '../page/boot.ts';

/** Props of {@link StorageNote}. */
export interface StorageNoteProps {
  persisted: Persistence;
}

/** A footer line: kept, or may be cleared when the device runs short of space. */
export function StorageNote({ persisted }: StorageNoteProps) {
  const text =
    persisted === true
      ? 'Offline data is kept on this device.'
      : persisted === false
        ? 'The browser may clear the offline catalog if the device runs short of space; it downloads again when online.'
        : 'This browser does not say whether it keeps offline data.';
  return <p class="storage-note">{text}</p>;
}
