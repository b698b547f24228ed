/**
 * `npm start` as a person runs it: a real child process, its printed URL and token, the page,
 * the worker and the stand-in's API over HTTP on that one origin, and the till host it prints
 * beside them, on another site, framing the app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../tools/build.ts';
import { stop } from './child.ts';

/** What npm start printed once it was ready. */
interface Started {
  open: URL;
  origin: string;
  token: string;
  curl: string;
  /** The till host page, framing the app. */
  till: URL;
}

describe('npm start', () => {
  let child: ChildProcess | undefined;
  let outdir = '';
  let output = '';
  let started: Started;
  let startMs = 0;

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'epos-start-'));
    const t0 = Date.now();
    // Own process group, so the test can stop npm and the node it runs together, and only them.
    child = spawn('npm', ['start', '--', '--port', '0', '--outdir', outdir], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started = await waitForReady(child, (text) => (output += text));
    startMs = Date.now() - t0;
  });

  afterAll(async () => {
    if (child) await stop(child);
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('prints the app URL with the Epos Now context, the token and a curl example', () => {
    expect(started.open.searchParams.get('appToken')).toBe(started.token);
    expect(started.open.searchParams.get('deviceID')).toBe('1');
    expect(started.open.searchParams.get('locationID')).toBe('1');
    expect(started.open.searchParams.get('staffID')).toBe('1');
    expect(started.open.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.curl).toBe(
      `curl -H "Authorization: Basic ${started.token}" "${started.origin}/api/V2/Product?page=1"`,
    );
    expect(output).toMatch(/app\s+total/);
    expect(startMs).toBeLessThan(20_000);
  });

  it('prints the till host on another site, framing the app with the token and context, and the app lets it', async () => {
    // Another site than the app's (not just another port): the app is a third-party frame there.
    expect(started.till.hostname).toBe('localhost');
    expect(started.till.port).not.toBe(started.open.port);
    expect(started.till.searchParams.get('appToken')).toBe(started.token);
    const page = await fetch(started.till);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const src = /<iframe title="Till app" src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const framed = new URL(src!.replaceAll('&amp;', '&'));
    expect(framed.origin).toBe(started.origin);
    expect(framed.searchParams.get('appToken')).toBe(started.token);
    expect(framed.searchParams.get('deviceID')).toBe('1');
    expect(framed.searchParams.get('locationID')).toBe('1');
    expect(framed.searchParams.get('staffID')).toBe('1');
    expect(html).toContain('<button type="button" id="submit">Submit</button>');
    // The app's page does not refuse that frame: no frame-ancestors in the dev server's policy.
    const app = await fetch(framed);
    expect(app.status).toBe(200);
    expect(app.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(app.headers.get('x-frame-options')).toBeNull();
  });

  it('serves the page and its hashed bundle', async () => {
    const page = await fetch(started.open);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /<script type="module" src="(assets\/app-[A-Z0-9]+\.js)">/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${started.origin}/${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('text/javascript');
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    expect((await bundle.text()).length).toBeGreaterThan(1000);
  });

  it('serves sw.js with the precache manifest in it', async () => {
    const sw = await fetch(`${started.origin}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('text/javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const text = await sw.text();
    const manifest = (await (await fetch(`${started.origin}/precache-manifest.json`)).json()) as {
      url: string;
      revision: string;
    }[];
    expect(manifest.length).toBeGreaterThanOrEqual(3);
    for (const entry of manifest) expect(text).toContain(entry.revision);
  });

  it('answers the API with the printed token, and 401 without it', async () => {
    const url = `${started.origin}/api/V2/Product?page=1`;
    const ok = await fetch(url, { headers: { Authorization: `Basic ${started.token}` } });
    expect(ok.status).toBe(200);
    const records = (await ok.json()) as unknown[];
    expect(Array.isArray(records)).toBe(true);
    expect(records).toHaveLength(200);
    const denied = await fetch(url);
    expect(denied.status).toBe(401);
    await denied.arrayBuffer();
  });

  it('stops on SIGTERM and frees its port', async () => {
    if (!child) throw new Error('npm start did not run');
    const ended = await stop(child);
    child = undefined;
    expect([0, 'SIGTERM']).toContain(ended);
    await expect(fetch(`${started.origin}/`)).rejects.toThrow();
    await expect(fetch(started.till)).rejects.toThrow();
  });
});

/** Reads stdout until the Open/Till/Token/Try lines are there; rejects on early exit or after 30 s. */
function waitForReady(child: ChildProcess, record: (text: string) => void): Promise<Started> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 30 s:\n${text}`)), 30_000);
    const onData = (chunk: Buffer) => {
      const piece = chunk.toString('utf8');
      text += piece;
      record(piece);
      const open = /^\s*Open:\s+(\S+)$/m.exec(text)?.[1];
      const token = /^\s*Token:\s+(\S+)$/m.exec(text)?.[1];
      const curl = /^\s*Try:\s+(curl .+)$/m.exec(text)?.[1];
      const till = /^\s*Till:\s+(\S+)$/m.exec(text)?.[1];
      if (open && token && curl && till) {
        clearTimeout(timer);
        const url = new URL(open);
        resolve({ open: url, origin: url.origin, token, curl, till: new URL(till) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited early (${code ?? signal}):\n${text}`));
    });
  });
}
