/** Back office › Sync: the Epos Now API this till talks to, and the way to change it. */

/** Props of {@link ApiConnection}. */
export interface ApiConnectionProps {
  /** The stored API base; '' for this site's own origin (a same-origin proxy). */
  baseUrl: string;
  /** This page's origin. */
  origin: string;
  /** Opens the setup form to change the base (and enter the token again). */
  onChange: () => void;
}

/** "Epos Now API: https://api.eposnowhq.com" and "Change API connection". */
export function ApiConnection({ baseUrl, origin, onChange }: ApiConnectionProps) {
  return (
    <section class="api-connection" aria-labelledby="api-connection-heading">
      <h3 id="api-connection-heading">API connection</h3>
      <p>
        Epos Now API: <code>{baseUrl || origin}</code>
        {baseUrl ? null : ' (this site, which passes requests on to Epos Now)'}
      </p>
      <p class="hint">
        Change it only if support gave you another address. The token is asked for again, so it goes to the new address
        only with a person&rsquo;s word; the till keeps its catalog and its unsent changes.
      </p>
      <button type="button" class="button" onClick={onChange}>
        Change API connection
      </button>
    </section>
  );
}
