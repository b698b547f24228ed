/**
 * One record, read-only: the copy from the list at once, then the server's latest. Edit and a
 * confirmed Delete from here.
 */

import { useEffect, useRef, useState } from 'preact/hooks';
import type { EposClient } from '../../epos/client.ts';
import { isEposError } from '../../epos/errors.ts';
import { isServerId } from '../../epos/ids.ts';
import { KINDS, type Kind } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';
import { reportBug } from '../bug.ts';
import { Confirm } from '../confirm.tsx';
import { JsonEditor } from './json-editor.tsx';
import { formatJson } from './json-text.ts';
import { loadErrorText } from './records-error.tsx';

/** Props of {@link RecordsView}. */
export interface RecordsViewProps {
  client: Pick<EposClient, 'get'>;
  kind: Kind;
  id: number;
  /** The record as the list had it. */
  listed: OpenRecord;
  online: boolean;
  onEdit: (record: OpenRecord) => void;
  /** Resolves with what went wrong, or undefined once the delete is stored. */
  onDelete: () => Promise<string | undefined>;
  onBack: () => void;
}

/** The record as formatted JSON, with its actions. */
export function RecordsView({ client, kind, id, listed, online, onEdit, onDelete, onBack }: RecordsViewProps) {
  const label = KINDS[kind].label;
  const [record, setRecord] = useState(listed);
  const [stale, setStale] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    // A record created on this till and not yet sent has a temporary id the server does not know.
    if (!isServerId(id)) return;
    const controller = new AbortController();
    client.get(kind, id, { signal: controller.signal }).then(
      (fresh) => controller.signal.aborted || setRecord(fresh),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStale(
          `Showing the copy from the list. ${isEposError(error) ? loadErrorText(kind, error, online) : reportBug(error)}`,
        );
      },
    );
    return () => controller.abort();
  }, [client, kind, id]);

  async function remove(): Promise<void> {
    setBusy(true);
    setFailure(undefined);
    const problem = await onDelete();
    // On success this view is gone; on failure it stays with the reason.
    if (problem !== undefined) {
      setFailure(problem);
      setBusy(false);
    }
  }

  return (
    <section class="records-panel" aria-label={`${label} ${id}`}>
      <h3 ref={heading} tabIndex={-1}>
        {label} {id}
      </h3>
      {stale ? <p class="notice">{stale}</p> : null}
      <JsonEditor
        label={`${label} ${id} as JSON`}
        value={formatJson(record)}
        onInput={() => undefined}
        readOnly
        rows={16}
      />
      {failure ? (
        <p role="alert" class="sync-error">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <Confirm
          question={`Delete ${label} ${id}? This cannot be undone.`}
          label="Confirm"
          yes={{ text: 'Delete' }}
          no={{ text: 'Cancel' }}
          busy={busy}
          onYes={() => void remove()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <div class="records-buttons">
          <button type="button" class="button button-primary" onClick={() => onEdit(record)}>
            Edit
          </button>
          <button type="button" class="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
          <button type="button" class="button" onClick={onBack}>
            Back to the list
          </button>
        </div>
      )}
    </section>
  );
}
