/**
 * `npm run check-account -- --api-base URL`, run as a person runs it, against the stand-in over
 * a real socket: the table it prints in both id styles and both discount-reason spellings, the
 * --json file, --write, and what it refuses (a token as an argument, plain http elsewhere, an
 * unreachable base). The token never appears in what it prints or writes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCors } from '../server/cors.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';
import { ROOT } from '../tools/build.ts';

const ORIGIN = 'https://till.example';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with `args`, the token in EPOS_TOKEN or piped in, as a person's shell would. */
function checkAccount(args: string[], token: { env?: string; stdin?: string }): Promise<Run> {
  const env = { ...process.env };
  delete env.EPOS_TOKEN;
  if (token.env !== undefined) env.EPOS_TOKEN = token.env;
  const child = spawn('npm', ['run', 'check-account', '--', ...args], { cwd: ROOT, env, stdio: 'pipe' });
  child.stdin.end(token.stdin ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run check-account', () => {
  const servers: RunningServer[] = [];
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'check-account-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function serve(options: StandinOptions): Promise<{ standin: Standin; url: string }> {
    const standin = createStandin({ products: 10, ...options });
    const server = await startServer({ api: withCors((request) => standin.fetch(request), [ORIGIN]) });
    servers.push(server);
    return { standin, url: server.url };
  }

  it('prints what a v2-style account answered, read-only, and exits 0', async () => {
    const { standin, url } = await serve({ idStyle: 'v2' });
    const run = await checkAccount(['--api-base', url, '--origin', ORIGIN], { env: standin.token });
    expect(run.stderr).not.toContain('check-account:');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^GET \/api\/V2\/Product\?page=1 +200 +array +10 +ProductID +\d+ +ACAO: https:\/\/till\.example$/m,
    );
    expect(run.stdout).toMatch(/^GET \/api\/V2\/TenderType\/1 +200 +object +TypeID /m);
    expect(run.stdout).toMatch(/^GET \/api\/V2\/DiscoutReason\/\?page=1 +200 +array +\d+ +DiscountReasonID /m);
    expect(run.stdout).toContain("Discount reasons answer at: DiscoutReason (the contract's spelling)");
    expect(run.stdout).toContain('Record ids are keyed by: <Thing>ID (real V2: ProductID, TypeID...) on all 19 kinds');
    expect(run.stdout).toContain('Every request got an answer the app can read.');
    expect(standin.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(standin.token);
  });

  it('writes one marked Customer with --write, on a contract-style account answering DiscountReason, token typed in', async () => {
    const { standin, url } = await serve({ idStyle: 'contract', segments: { DiscountReason: 'DiscountReason' } });
    const json = join(dir, 'account.json');
    const run = await checkAccount(['--api-base', url, '--write', '--json', json], { stdin: `${standin.token}\n` });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^GET \/api\/V2\/Product\?page=1 +200 +array +10 +Id /m);
    expect(run.stdout).toMatch(
      /^GET \/api\/V2\/DiscoutReason\/\?page=1 +404 .*the client asked at \/api\/V2\/DiscountReason\/\?page=1 next$/m,
    );
    expect(run.stdout).toMatch(/^GET \/api\/V2\/DiscountReason\/\?page=1 +200 +array +\d+ +Id /m);
    expect(run.stdout).toContain("Discount reasons answer at: DiscountReason (public material's spelling");
    expect(run.stdout).toContain("Record ids are keyed by: Id (the contract's) on all 19 kinds");
    expect(run.stdout).toMatch(/^POST \/api\/V2\/Customer +201 +object +Id /m);
    expect(run.stdout).toMatch(/^PUT \/api\/V2\/Customer\/\d+ +200 /m);
    expect(run.stdout).toMatch(/^DELETE \/api\/V2\/Customer\/\d+ +200 /m);
    expect(run.stdout).toMatch(/An update with a partial body: (merged|replaced)/);
    expect(standin.records('Customer').some((c) => c.Forename === 'check-account')).toBe(false);
    const written = await readFile(json, 'utf8');
    const report = JSON.parse(written) as { rows: unknown[]; discountReasonSegment: string; problem: unknown };
    expect(report.discountReasonSegment).toBe('DiscountReason');
    expect(report.problem).toBeNull();
    expect(report.rows.length).toBeGreaterThan(40);
    expect(run.stdout + run.stderr + written).not.toContain(standin.token);
  });

  // `script` (util-linux) gives the command a terminal, where a typed token would be echoed.
  it.runIf(process.platform === 'linux')('asks for the token in a terminal without showing it', async () => {
    const { standin, url } = await serve({});
    const env = { ...process.env };
    delete env.EPOS_TOKEN;
    const child = spawn('script', ['-qfec', `npm run check-account -- --api-base ${url}`, '/dev/null'], {
      cwd: ROOT,
      env,
      stdio: 'pipe',
    });
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const before = seen;
      seen += chunk.toString('utf8');
      if (!before.includes('(not shown as you type)') && seen.includes('(not shown as you type)'))
        child.stdin.write(`${standin.token}\r`);
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    expect(code).toBe(0);
    expect(seen).toContain('Every request got an answer the app can read.');
    expect(seen).not.toContain(standin.token);
  });

  it('refuses a token given as an argument, with a clear line', async () => {
    const run = await checkAccount(['--api-base', 'https://api.example.com', '--token', 'c2VjcmV0'], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('check-account: the token is never taken as an argument');
    expect(run.stderr).not.toContain('c2VjcmV0');
  });

  it('refuses plain http anywhere but this machine', async () => {
    const run = await checkAccount(['--api-base', 'http://api.example.com'], { env: 'dG9rZW4=' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('check-account: --api-base must be an https:// address');
  });

  it('exits 1 with one clear line when the base does not answer', async () => {
    // A port that was just listening and is now closed: nothing answers there.
    const closed = await startServer({});
    await closed.close();
    const run = await checkAccount(['--api-base', closed.url], { env: 'dG9rZW4=' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `check-account: no usable answer from ${closed.url}: GET /api/V2/Product?page=1: network failure (fetch failed: ECONNREFUSED)\n`,
    );
    expect(run.stdout + run.stderr).not.toContain('dG9rZW4=');
  });
});
