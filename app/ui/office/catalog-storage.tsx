/**
 * How much the till's offline data takes, and whether the browser promised to keep it: a manager
 * deciding whether to allow persistent storage needs both.
 */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../epos/error-text.ts';
import type { Persistence } from '../../page/boot.ts';

/** What the browser says of the origin's storage; either figure may be missing. */
export interface StorageUse {
  usage?: number;
  quota?: number;
}

/** Props of {@link CatalogStorage}. */
export interface SyncStorageProps {
  persisted: Persistence;
  /** Asks the browser; default navigator.storage.estimate(). */
  estimate?: () => Promise<StorageUse>;
  /** Changes when the stored data may have changed, so the figure is asked for again. */
  revision?: unknown;
}

/** The "Storage" section. */
export function CatalogStorage({ persisted, estimate = browserEstimate, revision }: SyncStorageProps) {
  // undefined while asking; null when the browser gave no figure.
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    estimate().then(
      (answer) => live && setUse(typeof answer.usage === 'number' ? answer : null),
      (error: unknown) => {
        // Embedding browsers may refuse (opaque origin, privacy mode); the figure is only informative.
        console.warn('Storage estimate failed:', errorText(error));
        if (live) setUse(null);
      },
    );
    return () => {
      live = false;
    };
  }, [estimate, revision]);

  return (
    <section class="sync-storage" aria-labelledby="sync-storage-heading">
      <h3 id="sync-storage-heading">Storage</h3>
      <p>
        {use === undefined
          ? 'Asking the browser how much storage the till uses…'
          : use === null
            ? 'The browser does not report storage use.'
            : usage(use)}
      </p>
      <p class={persisted === true ? undefined : 'sync-storage-risk'}>{persistenceText(persisted)}</p>
    </section>
  );
}

function browserEstimate(): Promise<StorageUse> {
  return typeof navigator !== 'undefined' && navigator.storage?.estimate
    ? navigator.storage.estimate()
    : Promise.resolve({});
}

function usage({ usage: used = 0, quota }: StorageUse): string {
  return quota === undefined ? `Using ${formatBytes(used)}` : `Using ${formatBytes(used)} of ${formatBytes(quota)}`;
}

function persistenceText(persisted: Persistence): string {
  if (persisted === true) return 'Persistent: the browser will not clear it under pressure.';
  if (persisted === false) {
    return 'Not persistent: when the device runs short of space the browser may clear the offline catalog and changes not yet sent to Epos Now. A manager can allow this site to store data permanently in the browser\u2019s site settings.';
  }
  return 'This browser does not say whether it keeps the data; it may clear it when the device runs short of space.';
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];
const SIZE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** "12.3 MB", in powers of 1000 as browsers and disks report them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${SIZE.format(value)} ${UNITS[unit]}`;
}
