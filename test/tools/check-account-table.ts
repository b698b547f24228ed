/**
 * `npm run check-account`'s report as a fixed-width table and a few summary lines: what a shop
 * reads, and pastes to us when something differs.
 */
import { ALTERNATIVE_SEGMENTS, KINDS } from '../../app/epos/kinds.ts';
import { type AccountReport, HEADERS_SHOWN, type RequestRow } from './check-account.ts';

/** The report as text, ending in a newline. */
export function formatReport(report: AccountReport): string {
  const header = ['Request', 'Status', 'Shape', 'Records', 'Id key', 'ms', 'Headers', 'Note'];
  const cells = report.rows.map((row) => [
    `${row.method} ${row.path}`,
    row.status === null ? 'none' : String(row.status),
    row.shape,
    row.records === undefined ? '' : String(row.records),
    row.idKey ?? '',
    String(row.ms),
    headersOf(row),
    row.ok ? row.note : `FAILED: ${row.note}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  const numeric = new Set([1, 3, 5]);
  const line = (values: readonly string[]): string =>
    values
      .map((value, column) =>
        numeric.has(column) ? value.padStart(widths[column] ?? 0) : value.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    `Epos Now account check of ${report.apiBase}, ${report.startedAt} (Origin sent: ${report.origin})`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
    '',
    ...summaryOf(report),
    '',
    report.problem === null ? 'Every request got an answer the app can read.' : `Problem: ${report.problem}`,
    '',
  ].join('\n');
}

/** The shown headers of a row, short names, absent ones left out. */
function headersOf(row: RequestRow): string {
  const short: Record<(typeof HEADERS_SHOWN)[number], string> = {
    ETag: 'ETag',
    'Last-Modified': 'Last-Modified',
    'Retry-After': 'Retry-After',
    'Access-Control-Allow-Origin': 'ACAO',
    'Cache-Control': 'Cache-Control',
  };
  return HEADERS_SHOWN.flatMap((name) => {
    const value = row.headers[name];
    return value === undefined ? [] : [`${short[name]}: ${value}`];
  }).join('; ');
}

function summaryOf(report: AccountReport): string[] {
  const contract = KINDS.DiscountReason.segment;
  const spelling =
    report.discountReasonSegment === null
      ? `neither ${contract} (the contract's) nor ${(ALTERNATIVE_SEGMENTS.DiscountReason ?? []).join(' nor ')} answered`
      : report.discountReasonSegment === contract
        ? `${contract} (the contract's spelling)`
        : `${report.discountReasonSegment} (public material's spelling; the contract's ${contract} got 404)`;
  const keys = Object.entries(report.idKeys);
  const styles = new Set(
    keys.map(([kind, key]) => (key === 'Id' ? 'Id' : key === KINDS[kind as keyof typeof KINDS].v2IdKey ? 'v2' : key)),
  );
  const idLine =
    keys.length === 0
      ? 'no kind had a record to look at'
      : styles.size === 1 && styles.has('Id')
        ? `Id (the contract's) on all ${keys.length} kinds with records`
        : styles.size === 1 && styles.has('v2')
          ? `<Thing>ID (real V2: ProductID, TypeID...) on all ${keys.length} kinds with records`
          : `mixed: ${keys.map(([kind, key]) => `${kind} ${key}`).join(', ')}`;
  const lines = [`Discount reasons answer at: ${spelling}`, `Record ids are keyed by: ${idLine}`];
  if (report.update !== null)
    lines.push(
      `An update with a partial body: ${report.update}${report.update === 'merged' ? ' (fields not sent were kept)' : report.update === 'replaced' ? ' (fields not sent were cleared)' : ''}`,
    );
  if (report.sunset !== null) lines.push(`The API says it is deprecated; Sunset: ${report.sunset}`);
  return lines;
}
