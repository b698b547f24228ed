/**
 * The back office's records screen: any of the 19 kinds, page by page, one record at a time,
 * and create, edit or delete through the writer (stored on this till first, so nothing typed
 * is lost to a dropped connection).
 */

import { useEffect, useRef, useState } from 'preact/hooks';
import type { EposClient } from '../../epos/client.ts';
import { isEposError } from '../../epos/errors.ts';
import { changedFields } from '../../epos/field-merge.ts';
import { withoutId } from '../../epos/ids.ts';
import { isFormKind, newRecord } from '../../epos/kind-fields.ts';
import { KIND_NAMES, KINDS, type Kind } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';
import { isInvalidWrite, isStoreError } from '../../page/problem.ts';
import type { WriteResult, Writer } from '../../page/writer.ts';
import type { Write } from '../../store/outbox.ts';
import { reportBug } from '../bug.ts';
import { OutcomeMessage, useLaterOutcome, type WriteOutcome, writeOutcome } from '../write-outcome.tsx';
import { RecordsForm } from './records-form.tsx';
import { type PageLoad, RecordsList } from './records-list.tsx';
import { RecordsView } from './records-view.tsx';

/** Props of {@link RecordsScreen}. */
export interface RecordsScreenProps {
  client: Pick<EposClient, 'list' | 'get'>;
  writer: Pick<Writer, 'write'>;
  online: boolean;
  /** Opens the form for a new API token, offered when the token is refused. */
  onNewToken?: (() => void) | undefined;
}

/** What is open over the list, if anything. */
type Panel =
  | { mode: 'view'; id: number; record: OpenRecord }
  | { mode: 'create'; record: OpenRecord }
  | { mode: 'edit'; id: number; record: OpenRecord };

/** A page's load, with the kind and page it is for. */
interface Loaded {
  kind: Kind;
  page: number;
  load: PageLoad;
}

/** Kind chooser, the page of records, and the open record or editor. */
export function RecordsScreen({ client, writer, online, onNewToken }: RecordsScreenProps) {
  const [kind, setKind] = useState<Kind>('Product');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ kind, page, load: { state: 'loading' } });
  const [panel, setPanel] = useState<Panel | undefined>(undefined);
  const [notice, setNotice] = useState<WriteOutcome | null>(null);
  const later = useLaterOutcome((result) => {
    setNotice(writeOutcome(result, 'Saved to Epos Now'));
    if (result.state === 'done') setReloads((n) => n + 1);
  });
  const chooser = useRef<HTMLSelectElement>(null);
  const label = KINDS[kind].label;
  // Until the effect below starts the new load, the last one is another kind's or page's: its
  // records must not be shown (nor opened) as this kind's.
  const load: PageLoad = loaded.kind === kind && loaded.page === page ? loaded.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: PageLoad): void => setLoaded({ kind, page, load: next });
    settle({ state: 'loading' });
    client.list(kind, page, { signal: controller.signal }).then(
      (records) => controller.signal.aborted || settle({ state: 'ready', records }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settle(isEposError(error) ? { state: 'failed', error } : { state: 'broken', message: reportBug(error) });
      },
    );
    return () => controller.abort();
  }, [client, kind, page, reloads]);

  // A page that failed for want of a connection is fetched again as soon as there is one.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && load.state === 'failed') setReloads((n) => n + 1);
    wasOnline.current = online;
  }, [online]);

  // Back on the list, keyboard focus starts again at the chooser rather than falling to the page's start.
  const hadPanel = useRef(false);
  useEffect(() => {
    if (panel === undefined && hadPanel.current) chooser.current?.focus();
    hadPanel.current = panel !== undefined;
  }, [panel]);

  function open(next: Panel | undefined): void {
    setNotice(null);
    setPanel(next);
  }

  async function save(write: Write): Promise<string | undefined> {
    let result: WriteResult;
    try {
      result = await writer.write(write, later());
    } catch (error) {
      // The writer rejects when the change could not be stored (StoreError: storage full...) or
      // Epos Now would refuse it (a value of the wrong type); its message says what to do.
      // Anything else is a bug.
      return isStoreError(error) || isInvalidWrite(error) ? error.message : reportBug(error);
    }
    open(undefined);
    setNotice(writeOutcome(result, 'Saved to Epos Now'));
    // A write not on the server yet: reading the page again would only hide it or fail offline.
    if (result.state === 'done') setReloads((n) => n + 1);
    return undefined;
  }

  const first = load.state === 'ready' ? load.records[0] : undefined;
  return (
    <section class="records" aria-labelledby="records-title">
      <h2 id="records-title">Records</h2>
      <div class="records-bar" hidden={panel !== undefined}>
        <label class="records-kind">
          Record kind
          <select
            ref={chooser}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value as Kind);
              setPage(1);
              setNotice(null);
            }}
          >
            {KIND_NAMES.map((name) => (
              <option key={name} value={name}>
                {KINDS[name].label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="button button-primary"
          onClick={() => open({ mode: 'create', record: template(kind, first) })}
        >
          New {label} record
        </button>
      </div>
      <OutcomeMessage outcome={notice} class="records-notice" />
      <div hidden={panel !== undefined}>
        <RecordsList
          kind={kind}
          page={page}
          load={load}
          online={online}
          onPage={(next) => {
            setPage(next);
            setNotice(null);
          }}
          onRetry={() => setReloads((n) => n + 1)}
          onNewToken={onNewToken}
          onView={(id, record) => open({ mode: 'view', id, record })}
        />
      </div>
      {panel?.mode === 'view' ? (
        <RecordsView
          key={panel.id}
          client={client}
          kind={kind}
          id={panel.id}
          listed={panel.record}
          online={online}
          onEdit={(record) => open({ mode: 'edit', id: panel.id, record: withoutId(kind, record) })}
          onDelete={() => save({ op: 'delete', kind, id: panel.id })}
          onBack={() => open(undefined)}
        />
      ) : panel?.mode === 'create' ? (
        <RecordsForm
          kind={kind}
          heading={`New ${label} record`}
          initial={panel.record}
          submitLabel="Create"
          onSubmit={(body) => save({ op: 'create', kind, body })}
          onCancel={() => open(undefined)}
        />
      ) : panel?.mode === 'edit' ? (
        <RecordsForm
          key={panel.id}
          kind={kind}
          heading={`Edit ${label} ${panel.id}`}
          initial={panel.record}
          submitLabel="Save changes"
          onSubmit={(body) =>
            // Only what the person changed goes, with the record as the form showed it: fields
            // changed elsewhere since are left as Epos Now has them (app/epos/field-merge.ts).
            save({ op: 'update', kind, id: panel.id, body: changedFields(panel.record, body), base: panel.record })
          }
          onCancel={() => open(undefined)}
        />
      ) : null}
    </section>
  );
}

/**
 * A template for a new record: a form kind's fields from its table; for another kind, the fields
 * as a real record (the first listed) has them, values emptied.
 */
function template(kind: Kind, first: OpenRecord | undefined): OpenRecord {
  if (isFormKind(kind)) return newRecord(kind);
  if (first === undefined) return {};
  return Object.fromEntries(
    Object.entries(withoutId(kind, first)).map(([field, value]) => [field, typeof value === 'string' ? '' : null]),
  );
}
