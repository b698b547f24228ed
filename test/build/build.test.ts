/** build.mjs as a command: what it writes to --outdir, what it prints, how it refuses bad flags. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildOutput, buildTo, ROOT } from '../tools/build.ts';

interface Entry {
  url: string;
  revision: string;
}

const revisionOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

describe('build.mjs --outdir', () => {
  let outdir = '';
  let output: BuildOutput;
  let manifest: Entry[];

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'epos-build-'));
    // An earlier build's copy of a file now too small to compress must not outlive it.
    await writeFile(join(outdir, 'index.html.br'), 'stale');
    output = await buildTo(outdir);
    manifest = JSON.parse(await readFile(join(outdir, 'precache-manifest.json'), 'utf8')) as Entry[];
  });
  afterAll(async () => {
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('writes index.html that loads one hashed script and one hashed stylesheet, nothing inline', async () => {
    const html = await readFile(join(outdir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" src="assets\/app-[A-Z0-9]+\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="assets\/app-[A-Z0-9]+\.css">/);
    expect(html).toContain('<div id="app"></div>');
    // A strict CSP (script-src 'self') forbids inline code: every script has a src.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => tag.includes(' src='))).toBe(true);
    expect(html).not.toMatch(/<style\b| style=/);
  });

  it('lists index.html and every emitted asset but source maps in the manifest, with content hashes', async () => {
    const assets = (await readdir(join(outdir, 'assets')))
      .filter((name) => !/\.(map|br|gz)$/.test(name))
      .map((name) => `assets/${name}`);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    expect(manifest.map((entry) => entry.url).sort()).toEqual(['index.html', ...assets].sort());
    for (const entry of manifest) {
      expect(entry.revision, entry.url).toBe(revisionOf(await readFile(join(outdir, entry.url))));
    }
  });

  it('names the back office\u2019s stylesheet in a meta: a precached file, counted with the lazy parts', async () => {
    const html = await readFile(join(outdir, 'index.html'), 'utf8');
    const href = /<meta name="epos-office-css" content="(assets\/office-[A-Z0-9]+\.css)">/.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(manifest.map((entry) => entry.url)).toContain(href);
    expect(output.stdout).toMatch(new RegExp(String.raw`lazy\s+${href!.replace('.', '\\.')}\s`));
    // Everything the entry script imports statically is counted as what a till loads to start.
    const entry = /src="(assets\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1] as string;
    const imported = [
      ...(await readFile(join(outdir, entry), 'utf8')).matchAll(/from"\.\/(chunk-[A-Z0-9]+\.js)"/g),
    ].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    for (const chunk of imported)
      expect(output.stdout).toMatch(new RegExp(String.raw`app\s+assets/${chunk!.replace('.', '\\.')}\s`));
  });

  it('preloads every chunk the entry script imports, however deep, and nothing the back office fetches later', async () => {
    const html = await readFile(join(outdir, 'index.html'), 'utf8');
    const entry = /src="assets\/(app-[A-Z0-9]+\.js)"/.exec(html)?.[1] as string;
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="assets\/([^"]+)">/g)].map((m) => m[1]);
    // The static import closure, read from the chunks themselves.
    const imported = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      for (const [, chunk] of (await readFile(join(outdir, 'assets', file), 'utf8')).matchAll(
        /(?:from|import)"\.\/(chunk-[A-Z0-9]+\.js)"/g, // import("...") is a lazy one, and does not match
      )) {
        if (imported.has(chunk as string)) continue;
        imported.add(chunk as string);
        await visit(chunk as string);
      }
    };
    await visit(entry);
    expect(imported.size).toBeGreaterThan(1);
    expect(preloaded.sort()).toEqual([...imported].sort());
    expect(preloaded.indexOf(entry)).toBe(-1);
    // Before the entry script: a preload after it would be asked for only once the entry is parsed.
    expect(html.lastIndexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('builds sw.js (not hashed) with the manifest compiled in', async () => {
    const sw = await readFile(join(outdir, 'sw.js'), 'utf8');
    for (const entry of manifest) {
      expect(sw).toContain(entry.url);
      expect(sw).toContain(entry.revision);
    }
    expect(sw).not.toContain('__PRECACHE_MANIFEST__');
    const files = await readdir(outdir);
    expect(files).toEqual(
      expect.arrayContaining(['index.html', 'sw.js', 'sw.js.map', 'precache-manifest.json', 'assets']),
    );
  });

  it('writes a .br and a .gz copy beside each fetched file of 1 KB or more, none of them precached', async () => {
    const fetched = [...manifest.map((entry) => entry.url), 'sw.js'];
    const copied: string[] = [];
    for (const url of fetched) {
      const raw = await readFile(join(outdir, url));
      const names = (await readdir(join(outdir, dirname(url)))).filter((name) => name.startsWith(`${basename(url)}.`));
      if (raw.length < 1024) {
        expect(
          names.filter((name) => /\.(br|gz)$/.test(name)),
          url,
        ).toEqual([]);
        continue;
      }
      const br = await readFile(join(outdir, `${url}.br`));
      const gz = await readFile(join(outdir, `${url}.gz`));
      expect(brotliDecompressSync(br).equals(raw), url).toBe(true);
      expect(gunzipSync(gz).equals(raw), url).toBe(true);
      expect(br.length, url).toBeLessThan(gz.length);
      expect(gz.length, url).toBeLessThan(raw.length);
      copied.push(url);
    }
    // The worker, the entry script and the till's stylesheet at least are worth compressing.
    expect(copied).toEqual(expect.arrayContaining(['sw.js', expect.stringMatching(/^assets\/app-\w+\.js$/)]));
    expect(copied).toContainEqual(expect.stringMatching(/^assets\/app-\w+\.css$/));
    const everything = [...(await readdir(outdir)), ...(await readdir(join(outdir, 'assets')))];
    expect(everything.filter((name) => name.endsWith('.map.br') || name.endsWith('.map.gz'))).toEqual([]);
    expect(manifest.filter((entry) => /\.(br|gz)$/.test(entry.url))).toEqual([]);
    expect(await readFile(join(outdir, 'sw.js'), 'utf8')).not.toMatch(/\.js\.(br|gz)"/);
  });

  it('prints raw and gzipped sizes of the app files and the worker', () => {
    const { stdout } = output;
    const size = String.raw`\d+\.\d{2} kB`;
    expect(stdout).toMatch(new RegExp(String.raw`app\s+assets/app-[A-Z0-9]+\.js\s+${size}\s+${size}`));
    expect(stdout).toMatch(new RegExp(String.raw`app\s+index\.html\s+${size}\s+${size}`));
    expect(stdout).toMatch(new RegExp(String.raw`app\s+total\s+${size}\s+${size}\s+\d+% of`));
    expect(stdout).toMatch(new RegExp(String.raw`lazy\s+assets/back-office-[A-Z0-9]+\.js\s+${size}\s+${size}`));
    expect(stdout).toMatch(new RegExp(String.raw`lazy\s+total\s+${size}\s+${size}\s+\d+% of`));
    expect(stdout).toMatch(new RegExp(String.raw`worker\s+sw\.js\s+${size}\s+${size}`));
    // The brotli copy's size, last, where there is one.
    expect(stdout).toMatch(new RegExp(String.raw`worker\s+sw\.js\s+${size}\s+${size}\s+${size}\n`));
  });

  it('writes the same totals to sizes.json, which is not precached', async () => {
    const sizes = JSON.parse(await readFile(join(outdir, 'sizes.json'), 'utf8')) as {
      parts: Record<string, { raw: number; gzip: number; budget: number }>;
    };
    const worker = await readFile(join(outdir, 'sw.js'));
    expect(sizes.parts.worker).toEqual({
      raw: worker.length,
      gzip: gzipSync(worker, { level: 9 }).length,
      budget: expect.any(Number),
    });
    const printed = (part: string): string =>
      new RegExp(String.raw`${part}\s+total\s+\S+ kB\s+(\d+\.\d{2}) kB`).exec(output.stdout)?.[1] ?? 'missing';
    for (const part of ['app', 'lazy', 'worker'])
      expect((sizes.parts[part]!.gzip / 1000).toFixed(2)).toBe(printed(part));
    expect(manifest.map((entry) => entry.url)).not.toContain('sizes.json');
  });
  it('without EPOS_API_BASE the production policy connects to its own origin only, framed by Epos Now\u2019s sites', async () => {
    const policy = await readFile(join(outdir, 'content-security-policy.txt'), 'utf8');
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain('frame-ancestors https://*.eposnowhq.com');
    // Without EPOS_TILL_SDK no other site's script may run.
    expect(policy).toContain("script-src 'self';");
  });
});

describe('build.mjs flags', () => {
  it('exits non-zero with a clear message on a bad flag value, before building', () => {
    const result = spawnSync(process.execPath, ['build.mjs', '--serve', '--id-style', 'nope'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--id-style must be contract or v2, got nope');
    // The dev server's proxy would carry the token on in the clear.
    const plain = spawnSync(process.execPath, ['build.mjs', '--serve', '--api-base', 'http://api.example.com'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain(
      '--api-base must be an https:// address (http:// only for localhost or 127.0.0.1), got http://api.example.com',
    );
  });

  it('exits non-zero on an unknown flag and shows the usage', () => {
    const result = spawnSync(process.execPath, ['build.mjs', '--nope'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Usage: node build.mjs');
  });

  it('refuses an EPOS_API_BASE that is not https (http only on this computer), before building', () => {
    for (const base of ['http://api.eposnowhq.com', 'api.eposnowhq.com', 'ftp://x.example']) {
      const result = spawnSync(process.execPath, ['build.mjs', '--outdir', join(tmpdir(), 'epos-never-built')], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, EPOS_API_BASE: base },
      });
      expect(result.status, base).toBe(1);
      expect(result.stderr, base).toContain(
        `EPOS_API_BASE must be an https:// address (http:// only for localhost or 127.0.0.1), got ${base}`,
      );
    }
  });
});

describe('build.mjs with EPOS_TILL_SDK', () => {
  it('refuses a till SDK address that is not https (http only on this computer), before building', () => {
    for (const url of [
      'http://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js',
      'cdn.eposnowhq.com/sdk.js',
      'javascript:1',
    ]) {
      const result = spawnSync(process.execPath, ['build.mjs', '--outdir', join(tmpdir(), 'epos-never-built')], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, EPOS_TILL_SDK: url },
      });
      expect(result.status, url).toBe(1);
      expect(result.stderr, url).toContain(
        `EPOS_TILL_SDK must be the https:// address of Epos Now's till SDK script (http:// only for localhost or 127.0.0.1), got ${url}`,
      );
    }
  });

  it('compiles the script\u2019s address in and lets the production policy run scripts from its origin, and only that one', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'epos-build-sdk-'));
    try {
      await buildTo(outdir, { EPOS_TILL_SDK: 'https://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js' });
      const policy = await readFile(join(outdir, 'content-security-policy.txt'), 'utf8');
      expect(policy).toContain("script-src 'self' https://cdn.eposnowhq.com;");
      // Nothing else opens to it: its requests, if any, are its own business under connect-src.
      expect(policy.match(/cdn\.eposnowhq\.com/g)).toHaveLength(1);
      const scripts = (await readdir(join(outdir, 'assets'))).filter((name) => name.endsWith('.js'));
      const code = (await Promise.all(scripts.map((name) => readFile(join(outdir, 'assets', name), 'utf8')))).join('');
      expect(code).toContain('"https://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js"');
      // Never precached: another site's script, fetched when the setting is on.
      const manifest = JSON.parse(await readFile(join(outdir, 'precache-manifest.json'), 'utf8')) as Entry[];
      expect(manifest.map((entry) => entry.url).join(' ')).not.toContain('eposnow.till.sdk');
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe('build.mjs with EPOS_API_BASE', () => {
  it('compiles the API base in as where a new till starts, its trailing slash dropped, and writes the production policy naming its origin', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'epos-build-base-'));
    try {
      await buildTo(outdir, {
        EPOS_API_BASE: 'https://api.eposnowhq.com/',
        EPOS_FRAME_ANCESTORS: 'https://till.example.com https://*.backoffice.example.com',
      });
      const policy = await readFile(join(outdir, 'content-security-policy.txt'), 'utf8');
      expect(policy).toContain("connect-src 'self' https://api.eposnowhq.com;");
      expect(policy).toContain('frame-ancestors https://till.example.com https://*.backoffice.example.com');
      expect(policy).toContain("script-src 'self';");
      const manifest = JSON.parse(await readFile(join(outdir, 'precache-manifest.json'), 'utf8')) as Entry[];
      expect(manifest.map((entry) => entry.url)).not.toContain('content-security-policy.txt');
      const scripts = (await readdir(join(outdir, 'assets'))).filter((name) => name.endsWith('.js'));
      const code = (await Promise.all(scripts.map((name) => readFile(join(outdir, 'assets', name), 'utf8')))).join('');
      expect(code).toContain('"https://api.eposnowhq.com"');
      expect(code).not.toContain('"https://api.eposnowhq.com/"');
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});
