/** Where the settings on screen came from, and what is wrong with them, before anyone edits. */
import type { ConfigView } from '../../page/config-state.ts';
import { problemText } from '../problem-text.ts';

/** Props of {@link SettingsStatus}. */
export interface SettingsStatusProps {
  view: ConfigView;
}

const SOURCES: Record<ConfigView['source'], string> = {
  server: 'From Epos Now',
  stored: 'Stored on this till',
  none: 'Not saved yet: defaults',
};

/** Source line, fetch error, and a warning for a foreign or partly broken document. */
export function SettingsStatus({ view }: SettingsStatusProps) {
  const broken = view.status === 'foreign' || view.status === 'partial';
  return (
    <>
      <p class="settings-source">{SOURCES[view.source]}</p>
      {view.error ? (
        <p role="alert" class="sync-error">
          {problemText(view.error, view)}
        </p>
      ) : null}
      {view.rejected ? (
        <div role="alert" class="warning">
          <p>
            <strong>Epos Now sent settings this app cannot use: {view.rejected.problem}.</strong> The last good settings
            stay in use (stored on this till); saving here puts them back on Epos Now.
          </p>
          <pre class="settings-rejected" role="figure" aria-label="What Epos Now sent">
            {sent(view.rejected.document)}
          </pre>
        </div>
      ) : null}
      {broken ? (
        <div role="alert" class="warning">
          <p>
            <strong>
              The stored settings have problems; defaults are in use for those fields until they are saved again:
            </strong>
          </p>
          <ul>
            {view.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.unknownKeys.length > 0 ? (
        <p class="hint">Kept when you save (not this app’s settings): {view.unknownKeys.join(', ')}.</p>
      ) : null}
    </>
  );
}

/** What was sent, as JSON text, cut to a screenful: enough to recognise whose it is. */
function sent(document: unknown): string {
  const text = JSON.stringify(document) ?? String(document);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
