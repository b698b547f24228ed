/**
 * An alert that only a new API token (or address) clears: the stored one cannot be used (the
 * worker cannot build a client from it) or was refused. It says so and offers the form.
 */
import type { ComponentChildren } from 'preact';

/** Props of {@link NewTokenAlert}. */
export interface NewTokenAlertProps {
  /** What is wrong and what the till does meanwhile (never the token itself). */
  children: ComponentChildren;
  /** Opens the form for a new API token and address. */
  onNewToken: () => void;
}

/** The alert with its "Enter a new token" button. */
export function NewTokenAlert({ children, onNewToken }: NewTokenAlertProps) {
  return (
    <div role="alert" class="sync-error">
      <p>{children}</p>
      <button type="button" class="button" onClick={onNewToken}>
        Enter a new token
      </button>
    </div>
  );
}
