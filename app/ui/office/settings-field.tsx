/** One labelled settings control with its hint and its problem, tied to it for screen readers. */
import type { ComponentChildren } from 'preact';

/** What a control needs to be named and described by its field. */
interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Props of {@link SettingsField}. */
export interface SettingsFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** The control, given the attributes that tie it to the label, hint and error. */
  children: (control: ControlAttributes) => ComponentChildren;
}

/** Label, control, hint and error, stacked. */
export function SettingsField({ id, label, hint, error, children }: SettingsFieldProps) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class="settings-field">
      <label for={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {error ? (
        <p id={`${id}-error`} class="field-problem">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
