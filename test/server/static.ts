/**
 * Static files of a build (dist/) as a fetch-style handler, with the caching a service-worker
 * app needs: the shell and the worker are always revalidated, hashed assets are immutable. A
 * file's pre-compressed copy (`<file>.br`, `<file>.gz`, written by build.mjs) is sent instead
 * when the request accepts its coding.
 */
import type { Stats } from 'node:fs';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { CODINGS, type Coding, negotiateCoding } from './accept-encoding.ts';

/** Content type of each file extension the build emits or may emit. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The policy a page is served with: the one the build wrote for production
 * (content-security-policy.txt, build.mjs), so what is tested here is what ships, less its
 * frame-ancestors: locally any page may frame the app (the tests play Epos Now's till from
 * another origin). None when the directory holds no such file (it is no build).
 */
async function pagePolicy(root: string): Promise<string | undefined> {
  let policy = policies.get(root);
  if (policy === undefined) {
    policy = readFile(join(root, POLICY_FILE), 'utf8').then(
      (text) =>
        text
          .trim()
          .split(';')
          .map((directive) => directive.trim())
          .filter((directive) => directive !== '' && !directive.startsWith('frame-ancestors'))
          .join('; '),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    policies.set(root, policy);
  }
  return policy;
}

/** Where build.mjs writes the production policy. */
const POLICY_FILE = 'content-security-policy.txt';
/** Each served directory's policy, read once. */
const policies = new Map<string, Promise<string | undefined>>();

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The name build.mjs gives a file's copy in each coding. */
const SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz' };

/** Answers GET and HEAD for files under `root`; `/` is index.html. Never leaves `root`. */
export async function serveStatic(root: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  }
  const file = resolveInside(root, new URL(request.url).pathname);
  if (file === undefined) return text(404, 'Not Found');
  const info = await fileInfo(file);
  if (info === undefined) return text(404, 'Not Found');

  const name = relative(root, file).split(sep).join('/');
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(name),
    'X-Content-Type-Options': 'nosniff',
  });
  const policy = name.endsWith('.html') ? await pagePolicy(root) : undefined;
  if (policy !== undefined) headers.set('Content-Security-Policy', policy);
  const copies = await compressedCopies(file, info);
  // Caches between here and the browser must keep one answer per coding.
  if (copies.size > 0) headers.set('Vary', 'Accept-Encoding');
  const coding = negotiateCoding(request.headers.get('accept-encoding'), [...copies.keys()]);
  const sent =
    coding === undefined
      ? { path: file, info }
      : { path: `${file}${SUFFIX[coding]}`, info: copies.get(coding) as Stats };
  if (coding !== undefined) headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(sent.info.size));
  const body =
    request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers });
}

/**
 * The codings `file` has a pre-compressed copy in, with each copy's stats. A copy older than its
 * file is stale (the file changed after the build compressed it, as a test's "new version" of
 * sw.js does) and is never sent: the raw file is.
 */
async function compressedCopies(file: string, original: Stats): Promise<Map<Coding, Stats>> {
  const copies = new Map<Coding, Stats>();
  for (const coding of CODINGS) {
    const info = await fileInfo(`${file}${SUFFIX[coding]}`);
    if (info !== undefined && info.mtimeMs >= original.mtimeMs) copies.set(coding, info);
  }
  return copies;
}

/** A regular file's stats; undefined when there is none at `file`. */
async function fileInfo(file: string): Promise<Stats | undefined> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw new Error(`cannot stat ${file}: ${error.message}`, { cause: error });
  });
  return info?.isFile() ? info : undefined;
}

/** Everything under assets/ carries a content hash in its name (build.mjs puts nothing else there). */
function cacheControl(name: string): string {
  return name.startsWith('assets/') ? IMMUTABLE : 'no-cache';
}

/** The file a URL path names, or undefined when it is malformed or points outside `root`. */
function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined; // a malformed %-escape names no file; nothing to report
  }
  if (decoded.includes('\0')) return undefined;
  const wanted = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const base = resolve(root);
  const file = resolve(base, `.${wanted}`);
  const rel = relative(base, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return file;
}

function text(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra } });
}
