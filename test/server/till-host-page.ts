/**
 * The till host's one page, as HTML with its script inline (no build, no dependencies): it frames
 * the app the way Epos Now's till does, with the till's context in the app's query string, asks
 * the app for the sale the documented way (a message to the app frame, to the app's origin, then
 * the app's answer: a JSON string of TillData) and shows what it got as a till would.
 * `../shared/epos-facts.md`, "How embedded apps run on the till" and "Handing a sale to the till".
 */

/** The query-string keys Epos Now documents for a till or back-office app, in the order the host sends them. */
export const CONTEXT_KEYS = [
  'appToken',
  'deviceID',
  'locationID',
  'staffID',
  'username',
  'customerId',
  'locationAreaID',
  'transactionTotal',
  'remainingBalance',
  'productIds',
  'products',
  'miscProducts',
] as const;

/** One key of the till's context. */
export type ContextKey = (typeof CONTEXT_KEYS)[number];

/** The till's context: what goes into the app's query string (absent or empty: not sent). */
export type TillContext = Partial<Record<ContextKey, string | number>>;

/** How long the host waits for the app's answer to Submit, as the till was tried. */
const ANSWER_WAIT_MS = 5000;

/** The app's address with the context in its query string, as the till loads it. */
function framedUrl(appUrl: string, context: TillContext): string {
  const url = new URL(appUrl);
  for (const key of CONTEXT_KEYS) {
    const value = context[key];
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.href;
}

/** The host page for `context`; `appUrl` is the app's page without a query (its origin is where Submit asks). */
export function tillHostPage(appUrl: string, context: TillContext): string {
  const fields = CONTEXT_KEYS.map(
    (key) =>
      `<label>${key} <input name="${key}" autocomplete="off" value="${escapeHtml(String(context[key] ?? ''))}"></label>`,
  ).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Epos Now till (test host)</title>
<style>
  /* Narrow (the tests' 1024 px): the till's controls on top, then the app full width and tall, as a
     till's app area is, then what came back. Nothing to press lies below the frame. */
  body { font: 14px system-ui, sans-serif; margin: 0; }
  header, section { padding: 0.5rem 1rem; }
  h1 { font-size: 1rem; margin: 0 0 0.25rem; }
  iframe { display: block; width: 100%; height: 1400px; border: 0; border-block: 1px solid #ccc; }
  /* Wide: the host's part beside the app, so Submit and what came back are in view together. */
  @media (min-width: 1400px) {
    body { display: grid; grid-template-columns: minmax(0, 1fr) 28rem; grid-template-rows: auto 1fr;
           grid-template-areas: "app controls" "app sale"; height: 100vh; }
    iframe { grid-area: app; height: 100vh; border-block: 0; border-right: 1px solid #ccc; }
    header { grid-area: controls; }
    section { grid-area: sale; overflow: auto; }
  }
  form { display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; align-items: end; }
  label { display: grid; font-size: 12px; }
  input { width: 8rem; }
  table { border-collapse: collapse; width: 100%; margin: 0.25rem 0; }
  caption { text-align: left; font-weight: 600; }
  th, td { text-align: left; padding: 2px 4px; border-bottom: 1px solid #eee; }
  pre { white-space: pre-wrap; word-break: break-all; background: #f5f5f5; padding: 0.5rem; }
  button { font: inherit; padding: 0.4rem 1rem; }
  #submit { font-size: 1.2rem; margin: 0.5rem 0.5rem 0 0; }
  #status { display: inline; }
</style>
</head>
<body>
<header>
  <h1>Epos Now till (test host)</h1>
  <form id="context" aria-label="Till context">
      ${fields}
      <button type="submit">Load app</button>
  </form>
  <button type="button" id="submit">Submit</button>
  <p role="status" id="status">Press Submit to ask the app for its sale.</p>
</header>
<iframe title="Till app" src="${escapeHtml(framedUrl(appUrl, context))}"></iframe>
<section aria-labelledby="sale-heading">
  <h2 id="sale-heading">Sale received</h2>
  <div id="sale"><p>Nothing received yet.</p></div>
</section>
<script>
'use strict';
const APP_URL = ${scriptJson(appUrl)};
const KEYS = ${scriptJson(CONTEXT_KEYS)};
const WAIT_MS = ${ANSWER_WAIT_MS};
const frame = document.querySelector('iframe');
const form = document.getElementById('context');
const statusLine = document.getElementById('status');
const sale = document.getElementById('sale');
// Every message the app frame sent: what tests read.
window.received = [];
let waiting;

// Change the context, reload the frame (the host stays), and keep the context in the host's address.
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const app = new URL(APP_URL);
  const own = new URL(location.href);
  own.search = '';
  for (const key of KEYS) {
    const value = form.elements[key].value.trim();
    if (value !== '') {
      app.searchParams.set(key, value);
      own.searchParams.set(key, value);
    }
  }
  history.replaceState(null, '', own.href);
  frame.src = app.href;
  statusLine.textContent = 'App loading with the new context.';
});

// The documented way: the till speaks first, to the app's origin; the app answers with a JSON string.
// What the till's own message holds is not published; the app answers any message from its parent.
document.getElementById('submit').addEventListener('click', () => {
  clearTimeout(waiting);
  const asked = window.received.length;
  frame.contentWindow.postMessage('submit', new URL(APP_URL).origin);
  statusLine.textContent = 'Asked the app for the sale…';
  waiting = setTimeout(() => {
    waiting = undefined;
    if (window.received.length === asked) statusLine.textContent = 'No answer within ' + WAIT_MS / 1000 + ' s.';
  }, WAIT_MS);
});

addEventListener('message', (event) => {
  // Only the app frame speaks to the till; anything else is not the app's.
  if (event.source !== frame.contentWindow) return;
  const wasAsked = waiting !== undefined;
  clearTimeout(waiting);
  waiting = undefined;
  window.received.push({ origin: event.origin, data: event.data });
  statusLine.textContent = (wasAsked ? 'Answer received from ' : 'Received unasked from ') + event.origin + '.';
  show(event.data, wasAsked, event.origin);
});

function show(data, wasAsked, origin) {
  const parts = [];
  const raw = typeof data === 'string' ? data : safeJson(data);
  parts.push(el('p', {}, (wasAsked ? 'Answer to Submit' : 'Sent unasked') + ' from ' + origin + ' (message ' + window.received.length + ').'));
  let tillData;
  if (typeof data !== 'string') {
    parts.push(el('p', { role: 'alert' }, 'Not a string: a till that parses the message as JSON text drops this (' + typeof data + ').'));
  } else {
    try {
      tillData = JSON.parse(data);
    } catch (error) {
      parts.push(el('p', { role: 'alert' }, 'Not JSON: ' + error.message));
    }
  }
  if (tillData !== undefined && (tillData === null || typeof tillData !== 'object' || Array.isArray(tillData))) {
    parts.push(el('p', { role: 'alert' }, 'Not a TillData object.'));
    tillData = undefined;
  }
  if (tillData) parts.push(...describe(tillData));
  parts.push(el('h3', {}, 'Raw message'), el('pre', { 'aria-label': 'Raw message' }, raw));
  sale.replaceChildren(...parts);
}

function describe(t) {
  const out = [];
  out.push(el('p', {}, 'Customer: ' + (t.CustomerId === undefined || t.CustomerId === null ? 'none' : 'ID ' + t.CustomerId)));
  const products = list(t.Products);
  let linesTotal = 0;
  out.push(table('Products', ['Product ID', 'Quantity', 'Item price', 'Line total', 'Tax exempt'], products.map((p) => {
    const line = Number(p.Quantity) * Number(p.ItemPrice);
    linesTotal += line;
    return [p.ProductID, p.Quantity, money(p.ItemPrice), money(line), p.IsTaxExempt ? 'yes' : 'no'];
  })));
  out.push(table('Misc items', ['Name', 'Price', 'Misc product ID', 'Tax rate ID'], list(t.MiscItems).map((m) => {
    linesTotal += Number(m.Price);
    return [m.Name, money(m.Price), m.MiscProductID, m.TaxRateID];
  })));
  out.push(el('p', {}, 'Lines total: ' + money(linesTotal)));
  const d = t.Discount;
  out.push(el('p', {}, 'Discount: ' + (d ? 'reason ' + d.reasonId + ', ' + (d.percentage !== undefined ? d.percentage + '%' : money(d.amount)) : 'none')));
  out.push(table('Tenders', ['Type ID', 'Amount'], list(t.Tenders).map((x) => [x.TypeID, money(x.Amount)])));
  out.push(table('Transaction details', ['Name', 'Details'], list(t.TransactionDetails).map((x) => [x.Name, x.Details])));
  const known = ['CustomerId', 'Products', 'MiscItems', 'Tenders', 'TransactionDetails', 'Discount'];
  const unknown = Object.keys(t).filter((key) => !known.includes(key));
  if (unknown.length > 0) out.push(el('p', { role: 'alert' }, 'Keys the till does not know: ' + unknown.join(', ')));
  return out;
}

function list(value) {
  return Array.isArray(value) ? value : [];
}

function table(caption, heads, rows) {
  const t = el('table', {});
  t.append(el('caption', {}, caption + ' (' + rows.length + ')'));
  const head = el('tr', {});
  heads.forEach((h) => head.append(el('th', { scope: 'col' }, h)));
  t.append(head);
  for (const row of rows) {
    const tr = el('tr', {});
    row.forEach((cell) => tr.append(el('td', {}, cell === undefined || cell === null ? '' : String(cell))));
    t.append(tr);
  }
  return t;
}

function money(value) {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : String(value);
}

function safeJson(value) {
  try {
    return JSON.stringify(value);
  } catch (error) {
    return '(cannot show: ' + error.message + ')';
  }
}

function el(name, attributes, text) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) if (value) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}
</script>
</body>
</html>
`;
}

/** JSON safe inside a <script>: no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
