/**
 * How to let this app keep its data inside Epos Now, for the manager of a till whose browser
 * blocks third-party site data: the browser settings that allow it, with this app's address
 * filled in, and where a managed device's policy decides instead.
 */

/** Props of {@link AllowStorage}. */
export interface AllowStorageProps {
  /** This app's origin (`https://till-app.example.com`): what the browser must allow. */
  origin: string;
}

/** Plain steps per browser, and the policy route for managed tills. */
export function AllowStorage({ origin }: AllowStorageProps) {
  const site = <code class="allow-origin">{origin}</code>;
  return (
    <section class="allow-storage" aria-label="How to allow this app's storage">
      <h2>Let the till keep its data inside Epos Now</h2>
      <p>
        Epos Now shows this app in a frame from another site, {site}. A browser that blocks third-party cookies and site
        data refuses it storage there, so the till cannot work offline or keep changes to send later. Allow that one
        address, then open the till from Epos Now again.
      </p>
      <h3>Chrome or Edge</h3>
      <ol>
        <li>
          Open the browser's <strong>Settings › Privacy and security › Third-party cookies</strong> (Edge: Settings ›
          Cookies and site permissions › Manage and delete cookies and site data).
        </li>
        <li>
          Under <strong>Sites allowed to use third-party cookies</strong> (Edge: <strong>Allow</strong>), choose Add and
          enter {site}.
        </li>
        <li>
          Or, with Epos Now open, tap the site settings icon at the left of the address bar and allow third-party
          cookies for that page.
        </li>
      </ol>
      <h3>Firefox</h3>
      <ol>
        <li>
          Open <strong>Settings › Privacy &amp; Security › Cookies and Site Data › Manage Exceptions</strong>.
        </li>
        <li>Enter {site}, choose Allow, and save.</li>
      </ol>
      <h3>A managed till</h3>
      <p>
        Where a company manages the device, its policy decides and these settings may be greyed out: ask the
        administrator to allow cookies and site data for {site} when it is inside Epos Now (in Chrome, the
        CookiesAllowedForUrls policy).
      </p>
    </section>
  );
}
