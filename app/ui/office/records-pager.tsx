/** Previous and next page, and which page is shown. The API gives no total, so "next" is a guess from a full page. */

/** Props of {@link RecordsPager}. */
export interface RecordsPagerProps {
  page: number;
  /** False on a short page: the API has nothing after it. */
  hasNext: boolean;
  onPage: (page: number) => void;
}

/** The page buttons. */
export function RecordsPager({ page, hasNext, onPage }: RecordsPagerProps) {
  return (
    <nav class="records-pager" aria-label="Pages">
      <button type="button" class="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span class="records-page" aria-live="polite">
        Page {page}
      </span>
      <button type="button" class="button" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
