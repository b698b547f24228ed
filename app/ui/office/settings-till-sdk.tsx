/**
 * The switch for Epos Now's till SDK script, with what it does and where it stands on this page.
 * It can be switched on only where the build names the script's address (EPOS_TILL_SDK): the
 * production policy lets scripts run from that origin alone.
 */
import { useId } from 'preact/hooks';
import { FIELD_LABELS } from '../../epos/app-config.ts';
import type { TillSdkStatus } from '../../page/till-sdk-state.ts';

/** Props of {@link SettingsTillSdk}. */
export interface SettingsTillSdkProps {
  checked: boolean;
  /** Where the script stands; undefined is treated as a build without its address. */
  status: TillSdkStatus | undefined;
  onChange(checked: boolean): void;
}

/** The checkbox, its hint and the script's status. */
export function SettingsTillSdk({ checked, status, onChange }: SettingsTillSdkProps) {
  const id = useId();
  const address = status?.address ?? '';
  const hint =
    address === ''
      ? 'This build names no address for Epos Now’s till script (EPOS_TILL_SDK), so it cannot be loaded. Sales reach the till without it.'
      : `After the till starts, loads Epos Now’s till script from ${new URL(address).origin}, so Send to till also hands the sale over through it and presses the till’s Submit. The till’s own ask for the sale is answered without it, offline too.`;
  const state = address === '' ? null : stateText(status, checked);
  return (
    <div class="settings-field">
      <label class="settings-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={address === ''}
          aria-describedby={state ? `${id}-hint ${id}-state` : `${id}-hint`}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {FIELD_LABELS.tillSdk}
      </label>
      <p id={`${id}-hint`} class="hint">
        {hint}
      </p>
      {state ? (
        <p id={`${id}-state`} class={status?.script === 'failed' ? 'field-problem' : 'hint'}>
          {state}
        </p>
      ) : null}
    </div>
  );
}

function stateText(status: TillSdkStatus | undefined, checked: boolean): string | null {
  switch (status?.script) {
    case 'loading':
      return 'Loading it on this page…';
    case 'loaded':
      // A script cannot be unloaded.
      return checked ? 'Loaded on this page.' : 'Loaded on this page; switched off, it stays until the page reloads.';
    case 'failed':
      return `It did not load: ${status.problem ?? 'no reason given.'} Sales still reach the till without it.`;
    default:
      return null;
  }
}
