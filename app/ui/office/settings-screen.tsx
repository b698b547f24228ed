/**
 * The back office's Settings: the app's configuration document as a form, or as raw JSON, with
 * where it came from and what is wrong with it. Saving goes through the outbox, so it works offline.
 */
import { useState } from 'preact/hooks';
import type { ConfigState } from '../../page/config-state.ts';
import type { TillSdkState } from '../../page/till-sdk-state.ts';
import type { SearchIndex } from '../../search/index.ts';
import { useSubscription } from '../use-subscription.ts';
import { SettingsForm } from './settings-form.tsx';
import { SettingsRaw } from './settings-raw.tsx';
import { SettingsStatus } from './settings-status.tsx';

/** Props of {@link SettingsScreen}. */
export interface SettingsScreenProps {
  config: ConfigState;
  /** The catalog, to name favourites and find products to add; undefined while it loads. */
  products?: SearchIndex | undefined;
  /** Epos Now's till SDK script, where it stands; undefined before the session starts. */
  tillSdk?: TillSdkState | undefined;
}

/** The settings screen. */
export function SettingsScreen({ config, products, tillSdk }: SettingsScreenProps) {
  const view = useSubscription(config) ?? config.get();
  const sdk = useSubscription(tillSdk);
  const [raw, setRaw] = useState(false);
  return (
    <section class="settings" aria-labelledby="settings-heading">
      <div class="settings-top">
        <h2 id="settings-heading">Settings</h2>
        <button type="button" class="button" aria-pressed={raw} onClick={() => setRaw(!raw)}>
          Raw JSON
        </button>
      </div>
      <SettingsStatus view={view} />
      {/* Both stay mounted, so switching views never loses what was typed in the other. */}
      <div hidden={raw}>
        <SettingsForm
          current={view.config}
          products={products}
          sdk={sdk}
          onSave={(next, options) => config.save(next, options)}
        />
      </div>
      <div hidden={!raw}>
        <SettingsRaw document={view.document} onSave={(document, options) => config.saveDocument(document, options)} />
      </div>
    </section>
  );
}
