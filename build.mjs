#!/usr/bin/env node
/**
 * Builds the app and its service worker into dist/, prints their sizes, and with --serve runs
 * them with the local Epos stand-in (or a proxy to a real account) on one origin.
 *
 *   node build.mjs [--outdir DIR] [--watch]
 *   node build.mjs --serve [--port N] [--host H] [--products N] [--id-style contract|v2]
 *                          [--data FILE] [--api-base URL] [--watch] [--outdir DIR]
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const ROOT = dirname(fileURLToPath(import.meta.url));
const TARGET = 'es2022';
/**
 * Gzipped bytes each part may weigh; past that the build fails (and so CI). The issues' targets
 * were 25 KB for what a till loads to start and 10 KB for the worker; the gates below replace
 * them, for reasons measured (README, "Bundle size"): the startup scripts cost 2-4 ms to compile
 * and run on a reload (V8's code cache) and 20-38 ms in a fresh tab, while the 3.7 KB that
 * opens a packed search index saves 350-650 ms of every cold start. What a cold start costs is
 * measured directly (`npm run bench`, target 400 ms to first results, met); these gates keep
 * the bytes from creeping.
 * - app (startup), 41.2 KB: preact+hooks 5.8, idb and workbox-window 2.6, the search index and
 *   its packed form ~9, the till's order pad (basket, scanner, discount, tables, tenders, send to
 *   till), the catalog and outbox state, settings, the status bar, the till's CSS 2.4 and the
 *   page. Issue 11 added 1.5 KB: what a till must say at once, offline too (the API limit and
 *   until when, a held catalog pull, a token the worker cannot use, a newer tab's upgrade, the
 *   cashier's question when the currency changes under a sale). About 1.4 KB is esbuild's code splitting: modules the lazy parts share go into chunks
 *   of their own, each compressed alone. Issue 12 added 0.6 KB (41.23 -> 41.87: the session as
 *   composition root, the one holder, problems as {code, cause} worded in one place) and issue 13
 *   0.2 KB so far (a scan in a text field put back, `/` and F2 to search): 42.09 KB, so the gate
 *   moved to 43 with the counter's layout still to come. A kilobyte costs a till well under 1 ms
 *   of its 84 ms offline reload to first results (`npm run bench`, small run). The counter's
 *   layout added 1.2 KB (42.87 -> 44.10): the basket as a column that scrolls on its own beside
 *   the products, or a sheet over them on a tablet or phone, the sale bar, product tiles with arrow
 *   keys, and default favourites from what the till sold; keeping room for what arrives later
 *   (no layout shift) 0.2 KB more: 44.51 KB, so the gate moved to 45; a first visit searchable
 *   page by page ("1,200 of about 3,000 products so far") and the status bar keeping its height
 *   brought it to 44.74 KB. Loading the
 *   table plan and discount form lazily was tried and measured: it took 0.69 KB off startup but
 *   added 1.8 KB to the lazy part, and the dialogs then opened empty for a moment with focus on
 *   Done instead of the first table, so they stay in startup. Issue 14 added 0.17 KB (44.88 ->
 *   45.05): the hot product ids a refresh reads (favourites, best sellers), and one settings
 *   request a pull for all of a till's open pages instead of one a page; the gate moved to 45.5.
 *   Issue 16's spellings added 0.34 KB (45.23 -> 45.57: the build's EPOS_SEGMENTS, the spellings
 *   a till keeps with its context, saving a manager's choice), so the gate moved to 46. Issue 23's
 *   sale customer added 0.88 KB (45.59 -> 46.47): the till's customerId read at boot, the pad's
 *   Customer button and taking the passed customer into the sale (0.26), and search/fold.ts in a
 *   chunk of its own now that the lazy customer search shares it (0.62 alone, was inside the
 *   app's file); the naming and the search themselves are lazy.
 *   Issue 23's handoff to the till added 1.06 KB more (measured alone, 45.59 -> 46.65): the sale
 *   in Epos Now's shape (+0.12), answering the till's ask and handing the sale over (+0.29), Send to
 *   till through Epos Now's till SDK where it is on the page (+0.34), and loading that script after
 *   start when the settings say so (+0.31); all of it is what a till needs at the counter, offline
 *   too.
 *   Issue 23's till without storage (a frame refused its site data) added 0.78 KB (45.59 ->
 *   46.37 alone): 0.19 KB of its own (boot's 'no-storage', App's switch to it and back), and
 *   0.59 KB of splitting, measured by building without the lazy import: the till's screens the
 *   lazy storeless chunk shares (order pad, status bar, header) left the entry for a shared chunk,
 *   compressed alone. Same code parsed, one file more.
 *   Issue 23's area prices added 0.48 KB (45.60 -> 46.08 alone: the till's area prices read with
 *   the catalog and kept by product, the price choice, the notice while they are not in). All of
 *   issue 23 together 48.83 KB (the chunks each split off compress alone); gate 49.
 *   Issue 25's reach state added 0.63 KB (48.92 -> 49.55): the page following the worker's word
 *   on whether Epos Now answers (its stored row, broadcasts, the offline hint), the status bar
 *   saying it in a cashier's words in place of Online/Offline, and the writer answering at once
 *   when Epos Now is out of reach; what a till at the counter needs,
 *   Issue 25's wake-ups added 0.26 KB (48.92 -> 49.18): while writes or a refused token wait,
 *   the page wakes the worker on a timer and on a tap, a key, the page shown again or 'online'
 *   (app/page/wake.ts), since a browser stops an idle worker and its retry timers with it; a
 *   queued write landed 63 s after the link came back without it. With the reach state, issue 25 together 49.81 KB: gate 50.
 *   Issue 26's rendering of only what changed added 0.35 KB (49.94 -> 50.29): memo and stable
 *   callbacks (app/ui/memo.tsx), tiles whose clicks and focus the grid listens for, basket lines
 *   drawn one by one (0.07 of it). At CPU 4x it
 *   took the keystroke to results from 204 to 89 ms (p95) and the tap to the basket from 65 to
 *   53 ms, 50,000 products; the startup's compile at 4x measured 148 ms before and 156 after, within
 *   run-to-run noise (0.7 KB more script at the 1.1 ms per KB that figure gives is under 1 ms); gate 50.5.
 *   Issue 26's compile hint (`//# allFunctionsCalledOnLoad` atop every script, see `banner`
 *   below) added 0.23 KB (50.27 -> 50.50: 30 bytes in each of the 13 files, which compress alone).
 *   V8 then compiles every function as the file loads, off the main thread, instead of each on
 *   its first call on it: the startup's compile on the main thread (traced offline reload to a
 *   typed product) went from 45 / 215 / 264 ms at CPU 1x / 4x / 6x to 11 / 45 / 102, and a fresh
 *   tab's compile and evaluate stayed at 82-85 ms, a first visit's figures within noise; gate 51.
 *   Issue 26's modulepreload links for the entry's chunks added 0.13 KB to the page (50.59 ->
 *   50.72): an offline reload at CPU 4x had its startup scripts in at 45 ms instead of 82 and its
 *   first results at 342 instead of 359, a fresh tab its scripts at 69 instead of 86 (medians).
 *   Issue 26's search results drawn a screenful at a time added 0.25 KB (50.72 -> 50.97: the
 *   IntersectionObserver on the grid's first and last tiles, what fits learnt once), and End
 *   drawing them all to reach the last result 0.11 KB. At CPU 4x (interaction bench, 50,000
 *   products) the keystroke to results went from 46 to 31 ms (p95) and the offline reload to a
 *   typed product read 388 ms against 387 before all of issue 26's changes of that session
 *   (+0.38 KB, measured before End): the kilobytes cost nothing measurable there; gate 51.5.
 *   Issue 26's first letters looked up ahead added 0.28 KB (51.36 -> 51.64): `SearchIndex.warm`,
 *   the hook that warms every letter and digit in idle moments once the catalog has settled
 *   (app/ui/till/use-warm-letters.ts) and the idle callback it shares with the pack's schedule
 *   (app/page/idle.ts). At CPU 6x, 24 first letters of which 9 never typed before, p90 45 / 43 ms
 *   against 48 / 46 and max 49 / 46 against 59 / 53; the offline reload at 4x to first results
 *   313 / 320 ms against 342 / 326 (medians of 7, back to back): nothing measurable; gate 51.75.
 * - lazy, 24.0 KB: the back office (settings, sync, pending changes, records), the API client,
 *   the customer form, the queuing code (fetched with the first write), the outbox's repair
 *   actions, the first-start setup form and the back office's stylesheet, each fetched when first
 *   needed (and precached by the worker, so they open offline). Issue 13's record forms added
 *   2.6 KB (24.64 -> 27.23: the typed fields of five kinds with their checks, the form, its switch
 *   to and from JSON), so the gate moved to 28; the till's startup does not load them. Issue 14's
 *   API connection section in Back office › Sync added 0.27 KB, and issue 16's check of every
 *   write before it is queued 0.93 KB (27.55 -> 28.75: the field table, now shared by the queuing
 *   code and the back office, the check, its error), so the gate moved to 29.5; the queuing code
 *   is fetched with a till's first write (precached), never at startup. The spelling of the
 *   discount reasons' path in Back office › Sync and the page's client made with the till's
 *   spellings added 0.8 KB (28.75 -> 29.55), so the gate moved to 30. Issue 23's sale customer
 *   added 3.21 KB (29.61 -> 32.82): the customer search dialog (1.68), naming a customer by id from
 *   the recent customers or the API (0.40), the matching and the recent-customers list they and
 *   the customer form share (0.81), the form remembering what it created (0.17), and ui/bug.ts in a
 *   chunk of its own (0.23); fetched when a sale first has or wants a customer, never at startup.
 *   Issue 23's switch for Epos Now's till script in Back office › Settings, with where the
 *   script stands, added 0.46 KB (29.61 -> 30.07 alone).
 *   Issue 23's till without storage added 4.45 KB (29.61 -> 34.06 alone), fetched only by a till
 *   whose browser refuses it storage in Epos Now's frame: the catalog fetched into memory, the
 *   direct writer, the banner with the Storage Access button, the steps to allow the app's site,
 *   and its refresh on the settings' interval (3.9 KB), the API client now shared with it (0.2 KB
 *   of splitting). All of issue 23 together 37.64 KB; gate 38.
 *   Issue 24's merge added 2.81 KB (37.74 -> 40.55): the conflict view under Pending changes
 *   with Keep mine / Keep theirs / Edit and their store actions (1.19, built with and without
 *   it), the till without storage merging its updates and saves the same way (0.52), and the
 *   edit form sending only the fields changed with the chunks the shared comparison split into
 *   (the rest, 1.10); none of it is on a till's startup, which stayed at 49.90 KB. Gate 41.
 *   Issue 24's outbox as one state machine (outbox-machine.ts: every transition a row of one
 *   table, applied by outbox-transition.ts) added 1.11 KB (40.55 -> 41.66): the whole table
 *   travels with the queuing code (a row is an object property, which no bundler drops), fetched
 *   with a till's first write; the list merge of favourites 0.16 of it. Gate 42.
 * - worker, 18.2 KB: precache, offline answers in the server's shape, catalog pull, outbox
 *   replay with verification of unanswered creates, the whole API client and idb. Issue 11
 *   added 3.5 KB: writes verified whatever the answer, twins, accounts, the shared API-limit
 *   back-off, reachability, held pulls, the token probe. The worker's script is compiled when it
 *   starts, off the till's path except on a navigation that wakes it (`npm run bench`: offline
 *   cold start, see the README). Issue 14 added 1.3 KB (18.82 -> 20.09): the catalog refresh by
 *   sample (sw/pull-refresh.ts: the last pages, the till's hot products, a rotating window, the
 *   copy of the snapshot under the pages read) that cuts a till's requests 6.2x at 50,000 products
 *   (12,192 -> 1,977 a day, `npm run bench`), and the probe before sending after an outage; so
 *   the gate moved to 20.5. Issue 16 added 0.47 KB (20.13 -> 20.60): the client's search for the
 *   other known spelling of a path after a 404, and keeping the one that answered; gate 21.
 *   Issue 25's reach state added 0.82 KB (20.93 -> 21.75): one state from what every request
 *   found (answered, no answer, timed out, token refused, API limit) stored and broadcast, the
 *   page GETs' time-out and refusals counted, the probe's own 5 s limit; gate 22.
 *   Issue 25's recovery without a person added 0.20 KB (20.99 -> 21.19): one capped back-off for
 *   an outage and a refused token with a gate that wake-ups from pages pass (sw/outbox/recovery.ts), the
 *   writes that waited on the outage made due at the first answer (outageOver), and a restarted
 *   worker asking first; a queued write now lands within seconds of the link's return, not
 *   minutes. With the reach state, issue 25 together 21.99 KB: gate 22.5.
 *   Issue 24's merge added 0.89 KB (22.12 -> 23.01): the read before each update and settings
 *   save and the field-by-field merge with it (merged-write.ts, field-merge.ts, field-equal.ts),
 *   and holding a conflict with its note; 2.7 KB raw, parsed when the worker starts. Gate 23.5.
 *   Issue 24's state machine added 0.88 KB (23.01 -> 23.89): the table's every row, a person's
 *   decisions included, since the worker applies the same next() (2.9 KB raw). Gate 24.
 */
const BUDGET = { app: 51_750, lazy: 42_500, worker: 24_000 };

/** EPOS_API_BASE, checked (readApiBase): set once by main() before any build. */
let DEFAULT_API_BASE = '';
/** EPOS_FRAME_ANCESTORS, checked (readFrameAncestors): set once by main() before any build. */
let FRAME_ANCESTORS = '';
/** EPOS_SEGMENTS, checked (readSegments): set once by main() before any build. */
let DEFAULT_SEGMENTS = {};
/** EPOS_TILL_SDK, checked (readTillSdk): set once by main() before any build; '' for none. */
let TILL_SDK = '';

/** Files under 1 KB get no compressed copy: a few hundred bytes saved cost a file per coding. */
const COMPRESS_MIN_BYTES = 1024;
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const USAGE = `Usage: node build.mjs [--outdir DIR] [--watch]
       node build.mjs --serve [--port N] [--host H] [--products N] [--id-style contract|v2]
                              [--data FILE] [--api-base URL] [--watch] [--outdir DIR]
       node build.mjs --production --api-base URL [--port N] [--host H] [--outdir DIR]`;

main().catch((error) => {
  console.error(`build.mjs: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

async function main() {
  const flags = readFlags();
  DEFAULT_API_BASE = readApiBase('EPOS_API_BASE', process.env.EPOS_API_BASE ?? '');
  FRAME_ANCESTORS = readFrameAncestors(process.env.EPOS_FRAME_ANCESTORS ?? '');
  DEFAULT_SEGMENTS = readSegments(process.env.EPOS_SEGMENTS ?? '');
  TILL_SDK = readTillSdk(process.env.EPOS_TILL_SDK ?? '');
  const outdir = resolve(ROOT, flags.outdir);
  if (flags.watch) {
    await watch(outdir);
  } else {
    const ok = await buildOnce(outdir);
    if (!ok) process.exit(1);
  }
  if (flags.serve || flags.production) await serve(outdir, flags);
}

function readFlags() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        outdir: { type: 'string', default: 'dist' },
        watch: { type: 'boolean', default: false },
        serve: { type: 'boolean', default: false },
        port: { type: 'string', default: process.env.PORT || '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        products: { type: 'string' },
        'id-style': { type: 'string' },
        data: { type: 'string' },
        'api-base': { type: 'string' },
        production: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = wholeNumber('--port', values.port);
  if (port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
  const products = values.products === undefined ? undefined : wholeNumber('--products', values.products);
  const idStyle = values['id-style'];
  if (idStyle !== undefined && idStyle !== 'contract' && idStyle !== 'v2') {
    throw new Error(`--id-style must be contract or v2, got ${idStyle}`);
  }
  // The dev server's proxy carries the token on to it: the same rule as a till's own API base.
  const apiBase = values['api-base'] === undefined ? undefined : readApiBase('--api-base', values['api-base']);
  // A shop's server: the build's policy as a header, /api to Epos Now only, no stand-in, no rebuilds.
  if (values.production && apiBase === undefined)
    throw new Error('--production needs --api-base URL: it proxies /api to Epos Now and runs no stand-in');
  if (values.production && (values.watch || values.data || products !== undefined || idStyle !== undefined))
    throw new Error('--production takes only --api-base, --port, --host and --outdir');
  return {
    ...values,
    port,
    products,
    idStyle,
    apiBase,
    data: values.data === undefined ? undefined : resolve(values.data),
  };
}

/**
 * The Content-Security-Policy a deployment sends with index.html: only its own origin for code
 * and styles (the build puts nothing inline), API requests to its own origin and the configured
 * API base's, and framed only by Epos Now's till and back office (EPOS_FRAME_ANCESTORS, space
 * separated; by default every https site under eposnowhq.com), so a foreign site cannot frame the
 * app and receive its baskets. Scripts come from its own origin only, and from the origin of Epos
 * Now's till SDK where the deployment names that script (EPOS_TILL_SDK; a manager still switches
 * its loading on in the back office).
 */
function productionPolicy() {
  const api = DEFAULT_API_BASE === '' ? '' : ` ${new URL(DEFAULT_API_BASE).origin}`;
  const sdk = TILL_SDK === '' ? '' : ` ${new URL(TILL_SDK).origin}`;
  return [
    "default-src 'self'",
    `script-src 'self'${sdk}`,
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${api}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS}`,
  ].join('; ');
}

/** EPOS_FRAME_ANCESTORS: https origins (a `*.` host wildcard allowed), space separated. */
function readFrameAncestors(text) {
  const sources = text.trim().split(/\s+/).filter(Boolean);
  const bad = sources.find((source) => !/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(source));
  if (bad !== undefined) throw new Error(`EPOS_FRAME_ANCESTORS takes https:// origins, got ${bad}`);
  return sources.length > 0 ? sources.join(' ') : 'https://*.eposnowhq.com';
}

/**
 * An API base given as `name` (EPOS_API_BASE, --api-base): '' when empty, else an https://
 * address (http:// only on this machine), without its trailing slash. The same rule as
 * app/epos/transport-check.ts's isApiBase, which the page applies to what a person types.
 */
function readApiBase(name, text) {
  const base = text.trim().replace(/\/+$/, '');
  if (base === '') return '';
  const url = URL.canParse(base) ? new URL(base) : undefined;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url?.hostname ?? '');
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && local)) return base;
  throw new Error(`${name} must be an https:// address (http:// only for localhost or 127.0.0.1), got ${text}`);
}

/**
 * EPOS_TILL_SDK: the address of Epos Now's till SDK script (`https://…/sdk/eposnow.till.sdk.js`), or
 * '' when empty: https only (http:// on this machine, for a test's stand-in), since the policy
 * then lets that origin run code in the till.
 */
function readTillSdk(text) {
  const address = text.trim();
  if (address === '') return '';
  const url = URL.canParse(address) ? new URL(address) : undefined;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url?.hostname ?? '');
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && local)) return address;
  throw new Error(
    `EPOS_TILL_SDK must be the https:// address of Epos Now's till SDK script (http:// only for localhost or 127.0.0.1), got ${text}`,
  );
}

/**
 * EPOS_SEGMENTS: the path segments a deployment's API spells otherwise than the contract, as
 * `Kind=Segment` pairs separated by commas or spaces (`DiscountReason=DiscountReason`). A kind
 * must be one of the contract's (read from app/epos/kinds.ts, the one list), a segment letters only.
 */
function readSegments(text) {
  const kinds = new Set(
    [...readFileSync(join(ROOT, 'app/epos/kinds.ts'), 'utf8').matchAll(/^ {2}\| '([A-Za-z]+)'/gm)].map((m) => m[1]),
  );
  const segments = {};
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const [kind, segment, ...rest] = pair.split('=');
    if (!kinds.has(kind) || !/^[A-Za-z]+$/.test(segment ?? '') || rest.length > 0)
      throw new Error(
        `EPOS_SEGMENTS takes Kind=Segment pairs of the contract's kinds (DiscountReason=DiscountReason), got ${pair}`,
      );
    segments[kind] = segment;
  }
  return segments;
}

function wholeNumber(name, text) {
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got ${text}`);
  return Number(text);
}

// ---------------------------------------------------------------- build

function appOptions(outdir) {
  return {
    absWorkingDir: ROOT,
    // assets/app-<hash>.js and .css for the till, assets/office-<hash>.css for the back office.
    entryPoints: [
      { in: 'app/main.tsx', out: 'app' },
      { in: 'app/main.css', out: 'app' },
      { in: 'app/ui/office/office.css', out: 'office' },
    ],
    outdir,
    entryNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    // The back office is imported lazily: a cashier's till never downloads or parses it.
    chunkNames: 'assets/[name]-[hash]',
    splitting: true,
    bundle: true,
    format: 'esm',
    target: TARGET,
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: 'tsconfig.json',
    // Where a new till's API requests go (app/epos/transport-check.ts); a till keeps the one it has.
    // The till SDK's address: loaded only when a manager switches it on (app/till/till-sdk-script.ts).
    define: {
      __DEFAULT_API_BASE__: JSON.stringify(DEFAULT_API_BASE),
      __DEFAULT_SEGMENTS__: JSON.stringify(DEFAULT_SEGMENTS),
      __EPOS_TILL_SDK__: JSON.stringify(TILL_SDK),
    },
    metafile: true,
    logLevel: 'warning',
    // V8's explicit compile hint (Chromium 136 on): every function compiled as the file loads, off
    // the main thread, not on its first call on it. A slow till's reload spent 215 ms at CPU 4x
    // compiling on the main thread without it, 45 with it (BUDGET above).
    banner: { js: '//# allFunctionsCalledOnLoad' },
  };
}

function workerOptions(outdir, manifest) {
  return {
    absWorkingDir: ROOT,
    entryPoints: ['sw/sw.ts'],
    outfile: join(outdir, 'sw.js'),
    bundle: true,
    // A classic script: module workers need {type: 'module'} at registration and are newer.
    format: 'iife',
    target: TARGET,
    minify: true,
    sourcemap: 'linked',
    tsconfig: 'sw/tsconfig.json',
    // The worker builds its client with the deployment's spellings too (app/store/spellings.ts).
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(manifest),
      __DEFAULT_SEGMENTS__: JSON.stringify(DEFAULT_SEGMENTS),
    },
    logLevel: 'warning',
  };
}

/** One full build. Returns false (after esbuild has printed why) when it failed. */
async function buildOnce(outdir) {
  const started = Date.now();
  let app;
  try {
    app = await esbuild.build(appOptions(outdir));
  } catch (error) {
    return buildFailed(error);
  }
  return finish(outdir, app.metafile, started);
}

/** After the app bundle: prune stale assets, write the shell and manifest, build the worker, report. */
async function finish(outdir, metafile, started) {
  const outputs = Object.keys(metafile.outputs).map((file) => resolve(ROOT, file));
  await pruneAssets(outdir, outputs);
  const js = entryOutput(metafile, 'app/main.tsx');
  const css = entryOutput(metafile, 'app/main.css');
  const officeCss = entryOutput(metafile, 'app/ui/office/office.css');
  const template = await readFile(join(ROOT, 'app/index.html'), 'utf8');
  for (const marker of ['%APP_JS%', '%APP_CSS%', '%OFFICE_CSS%', '%APP_PRELOADS%']) {
    if (!template.includes(marker)) throw new Error(`app/index.html has no ${marker} placeholder`);
  }
  const startup = startupFiles(metafile, outdir, js, css);
  // The chunks the entry imports, asked for with the page rather than a level at a time as each
  // importer is parsed (they nest up to three deep).
  const preloads = startup
    .filter((file) => file.endsWith('.js') && file !== js)
    .map((file) => `<link rel="modulepreload" href="${urlOf(outdir, file)}">`)
    .join('\n    ');
  const html = template
    .replace('%APP_PRELOADS%', preloads)
    .replace('%APP_JS%', urlOf(outdir, js))
    .replace('%APP_CSS%', urlOf(outdir, css))
    .replace('%OFFICE_CSS%', urlOf(outdir, officeCss));
  await writeFile(join(outdir, 'index.html'), html);

  const precached = [join(outdir, 'index.html'), ...outputs.filter((file) => !file.endsWith('.map')).sort()];
  const manifest = await Promise.all(
    precached.map(async (file) => ({ url: urlOf(outdir, file), revision: contentHash(await readFile(file)) })),
  );
  await writeFile(join(outdir, 'precache-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    await esbuild.build(workerOptions(outdir, manifest));
  } catch (error) {
    return buildFailed(error);
  }
  // For the host to send as a header (frame-ancestors works in no <meta>); never precached.
  await writeFile(join(outdir, 'content-security-policy.txt'), `${productionPolicy()}\n`);
  // After the manifest: the copies are the same URLs in another coding, never precached apart.
  const brotli = await writeCompressedCopies([...precached, join(outdir, 'sw.js')]);
  return report(outdir, precached, startup, brotli, Date.now() - started);
}

/**
 * Writes `<file>.br` (brotli, quality 11, text mode) and `<file>.gz` (gzip -9) beside each file a
 * browser fetches, for the servers to send when the request accepts the coding (test/server/
 * static.ts). A copy is written only when the file is at least COMPRESS_MIN_BYTES and the copy
 * is smaller than the file; otherwise any earlier build's copy is removed, so a server never
 * sends a stale one. Source maps are never fetched by a till and get none. Returns each file's
 * brotli size (undefined where no .br was written), for the size table.
 */
async function writeCompressedCopies(files) {
  const sizes = new Map();
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const worth = bytes.length >= COMPRESS_MIN_BYTES;
      const [br, gz] = worth ? await Promise.all([brotliAsync(bytes, BROTLI), gzipAsync(bytes, { level: 9 })]) : [];
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ]) {
        if (copy !== undefined && copy.length < bytes.length) await writeFile(`${file}${suffix}`, copy);
        else await rm(`${file}${suffix}`, { force: true });
      }
      sizes.set(file, br !== undefined && br.length < bytes.length ? br.length : undefined);
    }),
  );
  return sizes;
}

/** The output file built from the entry point `source`. */
function entryOutput(metafile, source) {
  const found = Object.entries(metafile.outputs).filter(([, output]) => output.entryPoint === source);
  if (found.length !== 1) throw new Error(`expected one bundle for ${source}, got ${found.length}`);
  return resolve(ROOT, found[0][0]);
}

/**
 * What a till loads before it can sell: the page, the entry script with the chunks it imports
 * statically, and the stylesheet. Chunks reached only by import() (the back office) are not.
 */
function startupFiles(metafile, outdir, js, css) {
  const byPath = new Map(Object.entries(metafile.outputs).map(([file, output]) => [resolve(ROOT, file), output]));
  const files = new Set([join(outdir, 'index.html'), css]);
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byPath.get(file)?.imports ?? []) {
      if (imported.kind === 'import-statement') visit(resolve(ROOT, imported.path));
    }
  };
  visit(js);
  return [...files];
}

/** Hashed assets of earlier builds would otherwise pile up in assets/. */
async function pruneAssets(outdir, keep) {
  const assets = join(outdir, 'assets');
  const kept = new Set(keep);
  for (const name of await readdir(assets)) {
    const file = join(assets, name);
    if (!kept.has(file)) await rm(file, { force: true });
  }
}

/** URL of an output relative to the site root (and so to the worker's scope). */
function urlOf(outdir, file) {
  return relative(outdir, file).split(sep).join('/');
}

/** The revision of a precached file: first 16 hex digits of its SHA-256. */
function contentHash(bytes) {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

function buildFailed(error) {
  // esbuild has already printed its errors with file and line (logLevel 'warning').
  const count = Array.isArray(error?.errors) ? error.errors.length : 0;
  if (count === 0) console.error(error);
  console.error(`Build failed${count ? ` with ${count} error${count === 1 ? '' : 's'}` : ''}.`);
  return false;
}

/** Prints each shipped file's raw, gzipped and brotli size; returns false when over budget. */
async function report(outdir, shippedFiles, startup, brotli, elapsed) {
  const rows = [];
  const files = [];
  const totals = { app: { raw: 0, gzip: 0 }, lazy: { raw: 0, gzip: 0 }, worker: { raw: 0, gzip: 0 } };
  const measure = async (part, file) => {
    const bytes = await readFile(file);
    const size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    totals[part].raw += size.raw;
    totals[part].gzip += size.gzip;
    const br = brotli.get(file);
    rows.push([part, urlOf(outdir, file), kB(size.raw), kB(size.gzip), '', br === undefined ? '-' : kB(br)]);
    files.push({ part, file: urlOf(outdir, file), ...size });
  };
  for (const file of startup) await measure('app', file);
  rows.push(['app', 'total', kB(totals.app.raw), kB(totals.app.gzip), budgetNote('app', totals.app.gzip)]);
  for (const file of shippedFiles.filter((f) => !startup.includes(f))) await measure('lazy', file);
  rows.push(['lazy', 'total', kB(totals.lazy.raw), kB(totals.lazy.gzip), budgetNote('lazy', totals.lazy.gzip)]);
  await measure('worker', join(outdir, 'sw.js'));
  rows.push([
    'worker',
    'total',
    kB(totals.worker.raw),
    kB(totals.worker.gzip),
    budgetNote('worker', totals.worker.gzip),
  ]);

  // For the benchmark's table: the same figures, without parsing the printout.
  const parts = Object.fromEntries(
    Object.entries(totals).map(([part, size]) => [part, { ...size, budget: BUDGET[part] }]),
  );
  await writeFile(join(outdir, 'sizes.json'), `${JSON.stringify({ parts, files }, null, 2)}\n`);
  console.log(`Built ${relative(process.cwd(), outdir) || '.'}/ in ${elapsed} ms`);
  console.log(table([['part', 'file', 'raw', 'gzip -9', 'budget (gzip)', 'file.br'], ...rows]));
  console.log('(app: what a till loads to start; lazy: the back office, fetched when opened; source maps,');
  console.log(' precache-manifest.json and sizes.json are not shipped to the till and not counted;');
  console.log(' file.br: the brotli copy written beside the file, which the servers send when accepted)');
  const over = Object.keys(BUDGET).filter((part) => totals[part].gzip > BUDGET[part]);
  for (const part of over) {
    console.error(
      `Size budget exceeded: ${part} is ${kB(totals[part].gzip)} gzipped, budget ${kB(BUDGET[part])} (BUDGET in build.mjs).`,
    );
  }
  return over.length === 0;
}

function budgetNote(part, gzip) {
  return `${Math.round((gzip / BUDGET[part]) * 100)}% of ${kB(BUDGET[part])}`;
}

function kB(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const numeric = (column) => column === 2 || column === 3 || column === 5;
  return rows
    .map((row) =>
      row
        .map((cell = '', column) => (numeric(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `  ${line}`)
    .join('\n');
}

// ---------------------------------------------------------------- watch

/** Rebuilds on every change of app/ or sw/ sources; resolves after the first build. */
async function watch(outdir) {
  let lastMeta;
  let queue = Promise.resolve();
  let firstDone;
  const first = new Promise((resolve) => (firstDone = resolve));
  // Builds finish one at a time, so two quick saves cannot write dist/ over each other.
  const rerun = (started) => {
    queue = queue
      .then(() => finish(outdir, lastMeta, started))
      .then((ok) => console.log(ok ? 'Watching for changes...' : 'Watching for changes (last build failed)...'))
      .catch((error) => console.error('Rebuild failed:', error));
    return queue;
  };
  const onEnd = (name, handler) => ({ name, setup: (build) => build.onEnd(handler) });

  let started = Date.now();
  const app = await esbuild.context({
    ...appOptions(outdir),
    plugins: [
      {
        name: 'clock',
        setup: (build) =>
          build.onStart(() => {
            started = Date.now();
          }),
      },
      onEnd('after-app', async (result) => {
        if (result.errors.length > 0) {
          buildFailed(result);
          console.log('Watching for changes (last build failed)...');
        } else {
          lastMeta = result.metafile;
          await rerun(started);
        }
        firstDone();
      }),
    ],
  });
  // The worker's real build needs the app's manifest, so this context only watches sw/ sources
  // (writing nothing) and triggers the same finishing step as an app rebuild. Its initial build
  // is skipped: the app's initial build already built the worker.
  let workerStarted = false;
  const worker = await esbuild.context({
    ...workerOptions(outdir, []),
    write: false,
    plugins: [
      onEnd('after-worker', async (result) => {
        const initial = !workerStarted;
        workerStarted = true;
        if (result.errors.length > 0) return void buildFailed(result);
        if (!initial && lastMeta) await rerun(Date.now());
      }),
    ],
  });
  await app.watch();
  await first;
  await worker.watch();
}

// ---------------------------------------------------------------- serve

/** Bundles test/server/dev.ts for Node (Node 20 cannot import .ts), imports it and starts it. */
async function serve(outdir, flags) {
  const entry = join(ROOT, '.cache', 'dev-server.mjs');
  await mkdir(dirname(entry), { recursive: true });
  let bundle;
  try {
    bundle = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ['test/server/dev.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: 'test/tsconfig.json',
      write: false,
      outfile: entry,
      logLevel: 'warning',
    });
  } catch (error) {
    buildFailed(error);
    process.exit(1);
  }
  // Written under a unique name then renamed: two `npm start`s never import a half-written file.
  const temporary = `${entry}.${process.pid}`;
  await writeFile(temporary, bundle.outputFiles[0].contents);
  await rename(temporary, entry);
  const { startDev } = await import(`${pathToFileURL(entry).href}?t=${Date.now()}`);

  let dev;
  try {
    dev = await startDev({
      staticDir: outdir,
      host: flags.host,
      port: flags.port,
      apiBase: flags.apiBase,
      policy: flags.production
        ? (await readFile(join(outdir, 'content-security-policy.txt'), 'utf8')).trim()
        : undefined,
      products: flags.products,
      idStyle: flags.idStyle,
      dataFile: flags.data,
      // Beside the app, a page framing it as Epos Now's till does (not for a shop's server, whose
      // frame-ancestors admits Epos Now alone): the next port, or a free one with --port 0.
      tillPort: flags.production ? undefined : flags.port === 0 || flags.port === 65535 ? 0 : flags.port + 1,
    });
  } catch (error) {
    if (error?.code === 'EADDRINUSE')
      throw new Error(`port ${flags.port} is in use on ${flags.host}: pass --port N (0 picks a free one)`);
    throw error;
  }
  printServing(dev, flags);

  const stop = async (signal) => {
    console.log(`\n${signal}: stopping the server...`);
    try {
      await dev.close();
    } catch (error) {
      console.error('Stopping failed:', error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

function printServing(dev, flags) {
  const context = 'deviceID=1&locationID=1&staffID=1';
  console.log('');
  if (dev.token !== undefined) {
    const data = flags.data
      ? `data kept in ${relative(process.cwd(), flags.data)}`
      : 'data in memory; --data FILE keeps it';
    console.log(`Serving the app with the local Epos stand-in (${data}).`);
    console.log(`  Open:   ${dev.url}/?appToken=${encodeURIComponent(dev.token)}&${context}`);
    console.log(`  Till:   ${dev.tillUrl}`);
    console.log(`  Token:  ${dev.token}`);
    console.log(`  Try:    curl -H "Authorization: Basic ${dev.token}" "${dev.url}/api/V2/Product?page=1"`);
  } else {
    const policy = flags.production ? ', with the production policy (content-security-policy.txt)' : '';
    console.log(`Serving the app with /api proxied to ${flags.apiBase}${policy}.`);
    console.log(`  Open:   ${dev.url}/?appToken=<your API token>&${context}`);
    if (dev.tillUrl !== undefined) console.log(`  Till:   ${dev.tillUrl} (type your API token into its form)`);
    console.log(`  Try:    curl -H "Authorization: Basic <your API token>" "${dev.url}/api/V2/Product?page=1"`);
  }
  console.log('Press Ctrl+C to stop.');
}
