/** The list side of the records screen: a page of records, or why there is none, and the page buttons. */
import type { EposError } from '../../epos/errors.ts';
import { KINDS, type Kind, PAGE_SIZE } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';
import { RecordsError } from './records-error.tsx';
import { RecordsPager } from './records-pager.tsx';
import { RecordsTable } from './records-table.tsx';

/** Where the shown page stands. */
export type PageLoad =
  | { state: 'loading' }
  | { state: 'ready'; records: OpenRecord[] }
  | { state: 'failed'; error: EposError }
  | { state: 'broken'; message: string };

/** Props of {@link RecordsList}. */
export interface RecordsListProps {
  kind: Kind;
  page: number;
  load: PageLoad;
  online: boolean;
  onPage: (page: number) => void;
  onRetry: () => void;
  onNewToken?: (() => void) | undefined;
  onView: (id: number, record: OpenRecord) => void;
}

/** Loading, failed, empty or the table; the pager once the page is in, whatever came, so a person can always step back. */
export function RecordsList({ kind, page, load, online, onPage, onRetry, onNewToken, onView }: RecordsListProps) {
  const label = KINDS[kind].label;
  return (
    <div class="records-list">
      {load.state === 'loading' ? (
        <p class="notice" role="status">
          Loading {label} records…
        </p>
      ) : load.state === 'failed' ? (
        <RecordsError kind={kind} error={load.error} online={online} onRetry={onRetry} onNewToken={onNewToken} />
      ) : load.state === 'broken' ? (
        <p role="alert" class="warning">
          {load.message}
        </p>
      ) : load.records.length === 0 ? (
        <p class="notice">{page === 1 ? `No ${label} records` : `No ${label} records on page ${page}`}</p>
      ) : (
        <RecordsTable kind={kind} page={page} records={load.records} onView={onView} />
      )}
      {/* Not while a page loads: it would jump down under the arriving table (a layout shift). */}
      {load.state === 'loading' ? null : (
        <RecordsPager
          page={page}
          hasNext={load.state === 'ready' && load.records.length >= PAGE_SIZE}
          onPage={onPage}
        />
      )}
    </div>
  );
}
