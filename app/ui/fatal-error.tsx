/** The till cannot start (storage would not open): say so and what to do, never a blank page. */

/** Props of {@link FatalError}. */
export interface FatalErrorProps {
  message: string;
}

/** A full-page error with a reload button. */
export function FatalError({ message }: FatalErrorProps) {
  return (
    <main class="fatal">
      <h1>Epos Till</h1>
      <div role="alert">
        <h2>The till cannot start</h2>
        <p>{message}</p>
      </div>
      <button type="button" class="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
