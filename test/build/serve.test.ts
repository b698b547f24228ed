/**
 * `npm run serve -- --api-base URL`, the server a shop runs: the build's files with the build's
 * production policy as a header, /api proxied to the one API base given (here a second local
 * origin standing in for Epos Now), no stand-in; and what it refuses to start with.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ForeignOrigin, startForeignOrigin } from '../server/foreign-origin.ts';
import { ROOT } from '../tools/build.ts';
import { stop } from './child.ts';

describe('npm run serve', () => {
  let child: ChildProcess | undefined;
  let api: ForeignOrigin;
  let outdir = '';
  let origin = '';

  beforeAll(async () => {
    api = await startForeignOrigin();
    outdir = await mkdtemp(join(tmpdir(), 'epos-serve-'));
    child = spawn('npm', ['run', 'serve', '--', '--api-base', api.url, '--port', '0', '--outdir', outdir], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    origin = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`npm run serve printed no URL within 30 s:\n${text}`)), 30_000);
      const onData = (chunk: Buffer): void => {
        text += chunk.toString('utf8');
        // "Open:   http://127.0.0.1:PORT/?appToken=<your API token>&..."
        const open = /^\s*Open:\s+(https?:\/\/[^/\s]+)/m.exec(text)?.[1];
        if (!open) return;
        clearTimeout(timer);
        resolve(open);
      };
      child?.stdout?.on('data', onData);
      child?.stderr?.on('data', onData);
    });
  });

  afterAll(async () => {
    if (child) await stop(child);
    await api?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('serves the page with the production policy: framed only by Epos Now, connecting to its own origin', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-ancestors https://*.eposnowhq.com');
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("script-src 'self';");
  });

  it('proxies /api to the API base given, and nothing else', async () => {
    const answer = await fetch(`${origin}/api/V2/Product?page=1`, { headers: { Authorization: 'Basic dG9rZW4=' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([]);
    expect(api.seen).toContain('GET /api/V2/Product?page=1');
    // Any other path is a file of the build or a 404, never forwarded.
    const seen = api.seen.length;
    expect((await fetch(`${origin}/elsewhere/V2/Product`)).status).toBe(404);
    expect(api.seen.length).toBe(seen);
  });

  it('refuses to start without an API base, or with a plain-http one elsewhere than this machine', () => {
    const bare = spawnSync(process.execPath, ['build.mjs', '--production'], { cwd: ROOT, encoding: 'utf8' });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain('--production needs --api-base URL');
    const plain = spawnSync(process.execPath, ['build.mjs', '--production', '--api-base', 'http://api.example.com'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('--api-base must be an https:// address');
  });
});
