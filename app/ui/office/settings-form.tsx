/**
 * The settings as a form: one control per field, checked with the same rules the till reads them
 * by, so nothing the till would refuse is ever saved from here.
 */
import type { TargetedEvent } from 'preact';
import { useId, useState } from 'preact/hooks';
import { type AppConfig, CONFIG_FIELDS, FIELD_LABELS, type PriceField, validateConfig } from '../../epos/app-config.ts';
import type { TillSdkStatus } from '../../page/till-sdk-state.ts';
import type { WriteOptions, WriteResult } from '../../page/writer.ts';
import type { SearchIndex } from '../../search/index.ts';
import { NotSaved } from './not-saved.tsx';
import { SettingsFavourites } from './settings-favourites.tsx';
import { SettingsField } from './settings-field.tsx';
import { SaveMessage, useSaving } from './settings-saving.tsx';
import { SettingsTillSdk } from './settings-till-sdk.tsx';

/** Props of {@link SettingsForm}. */
export interface SettingsFormProps {
  /** What the till runs on now; each field follows it until that field is edited. */
  current: AppConfig;
  products: SearchIndex | undefined;
  /** Epos Now's till SDK script on this page; undefined where the session has not said. */
  sdk?: TillSdkStatus | undefined;
  onSave(config: AppConfig, options: WriteOptions): Promise<WriteResult>;
}

type Errors = Partial<Record<keyof AppConfig, string>>;

/** The form's fields as typed: the number stays text, so a half-typed one is not lost. */
type Draft = Omit<AppConfig, 'refreshMinutes'> & { refreshMinutes: string };

const toDraft = (config: AppConfig): Draft => ({ ...config, refreshMinutes: String(config.refreshMinutes) });

/** What a draft means, tidied the way a person would expect ("gbp " is GBP). */
function toConfig(draft: Draft): AppConfig {
  const minutes = draft.refreshMinutes.trim();
  return {
    ...draft,
    tillName: draft.tillName.trim(),
    currency: draft.currency.trim().toUpperCase(),
    locale: draft.locale.trim(),
    refreshMinutes: minutes === '' ? Number.NaN : Number(minutes),
  };
}

/** The settings form with its Save button. */
export function SettingsForm({ current, products, sdk, onSave }: SettingsFormProps) {
  const id = useId();
  // Only the fields someone edited: the rest follow what the till runs on (stored, fetched, saved
  // elsewhere), so a save never writes back an older copy of a field nobody touched.
  const [edited, setEdited] = useState<Partial<Draft>>({});
  const draft: Draft = { ...toDraft(current), ...edited };
  const [errors, setErrors] = useState<Errors>({});
  const [blocked, setBlocked] = useState(false);
  const saving = useSaving();

  function edit<K extends keyof Draft>(field: K, value: Draft[K]): void {
    setEdited((before) => ({ ...before, [field]: value }));
    saving.clear();
  }
  function check(field: keyof AppConfig): void {
    const problem = validateConfig(toConfig(draft))[field];
    setErrors((before) => ({ ...before, [field]: problem }));
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const config = toConfig(draft);
    const found = validateConfig(config);
    setErrors(found);
    const first = CONFIG_FIELDS.find((field) => found[field]);
    setBlocked(first !== undefined);
    if (first) {
      // Straight to the first field to fix, so its problem is read out.
      document.getElementById(first === 'favourites' ? `${id}-favourites-add` : `${id}-${first}`)?.focus();
      return;
    }
    if (await saving.run((options) => onSave(config, options))) setEdited({});
  }

  const field = (name: keyof AppConfig) => ({ id: `${id}-${name}`, label: FIELD_LABELS[name], error: errors[name] });
  const text = (name: 'tillName' | 'currency' | 'locale') => ({
    type: 'text' as const,
    value: draft[name],
    onInput: (event: TargetedEvent<HTMLInputElement>) => edit(name, event.currentTarget.value),
    onBlur: () => check(name),
  });
  const problems = CONFIG_FIELDS.flatMap((name) => (errors[name] ? [errors[name]] : []));

  return (
    <form class="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <SettingsField {...field('tillName')} hint="Shown at the top of the till. Leave empty to show the device.">
        {(control) => <input {...control} {...text('tillName')} maxLength={40} autocomplete="off" />}
      </SettingsField>
      <SettingsField {...field('currency')} hint="Three letters, such as GBP or EUR.">
        {(control) => (
          <input
            {...control}
            {...text('currency')}
            maxLength={3}
            autocomplete="off"
            spellcheck={false}
            class="settings-short"
          />
        )}
      </SettingsField>
      <SettingsField {...field('locale')} hint="How prices and numbers are written, such as en-GB.">
        {(control) => (
          <input {...control} {...text('locale')} autocomplete="off" spellcheck={false} class="settings-short" />
        )}
      </SettingsField>
      <SettingsField {...field('priceField')}>
        {(control) => (
          <select
            {...control}
            value={draft.priceField}
            onChange={(event) => edit('priceField', event.currentTarget.value as PriceField)}
          >
            <option value="SalePrice">Sale price</option>
            <option value="EatOutPrice">Eat-out price</option>
          </select>
        )}
      </SettingsField>
      <SettingsField {...field('refreshMinutes')} hint="From 1 to 1440 (a day).">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            class="settings-short"
            value={draft.refreshMinutes}
            onInput={(event) => edit('refreshMinutes', event.currentTarget.value)}
            onBlur={() => check('refreshMinutes')}
          />
        )}
      </SettingsField>
      <label class="settings-check">
        <input
          type="checkbox"
          checked={draft.allowCustomerCreate}
          onChange={(event) => edit('allowCustomerCreate', event.currentTarget.checked)}
        />
        {FIELD_LABELS.allowCustomerCreate}
      </label>
      <SettingsTillSdk checked={draft.tillSdk} status={sdk} onChange={(checked) => edit('tillSdk', checked)} />
      <SettingsFavourites
        id={`${id}-favourites`}
        ids={draft.favourites}
        products={products}
        error={errors.favourites}
        onChange={(ids) => edit('favourites', ids)}
      />
      {blocked ? <NotSaved problems={problems} /> : null}
      <div class="settings-buttons">
        <button type="submit" class="button button-primary" disabled={saving.outcome.state === 'saving'}>
          {saving.outcome.state === 'saving' ? 'Saving…' : 'Save settings'}
        </button>
      </div>
      <SaveMessage outcome={saving.outcome} />
    </form>
  );
}
