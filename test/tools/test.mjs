#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, stopping at the first failure with its
 * exit code. Chromium (Debian's package) first, since browser tests need it; then the three
 * type-checks, the build (which prints the size budget and fails over it), vitest, and a small
 * benchmark (5,000 products) that prints its figures. Extra arguments go to vitest and skip the
 * benchmark, e.g. `npm test -- test/build`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const BIN = join(ROOT, 'node_modules', '.bin');
const REPORT = join(ROOT, '.cache', 'vitest-report.json');
const SMALL_BENCH = ['--products', '5000', '--runs', '1', '--writes', '200', '--out', 'test-results/bench-small.json'];

await main();

async function main() {
  if (!existsSync(BIN)) fail(`Dependencies are missing: run 'npm ci' first (or 'npm ci && npm test').`);
  ensureChromium();
  await step('type-check app', join(BIN, 'tsc'), ['-p', 'tsconfig.json']);
  await step('type-check sw', join(BIN, 'tsc'), ['-p', 'sw/tsconfig.json']);
  await step('type-check test', join(BIN, 'tsc'), ['-p', 'test/tsconfig.json']);
  await step('build', process.execPath, ['build.mjs']);
  await mkdir(join(ROOT, '.cache'), { recursive: true });
  // A report left by an earlier run must not stand in for this one's counts.
  await rm(REPORT, { force: true });
  const vitestArgs = ['run', '--config', 'test/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`];
  const focused = process.argv.length > 2;
  const code = await run(join(BIN, 'vitest'), [...vitestArgs, ...process.argv.slice(2)]);
  const counts = await summarize();
  if (code !== 0) process.exit(code);
  // A small benchmark, so it keeps working: its figures are printed, never asserted (the build
  // above already failed if a bundle is over budget). Skipped when the run was narrowed to some tests.
  if (!focused) {
    await step('small benchmark', process.execPath, [join(ROOT, 'test/tools/run-ts.mjs'), 'test/bench/run.ts', ...SMALL_BENCH]);
    console.log(`\nnpm test: every step passed; ${counts}`);
  }
}

/** Installs Debian's chromium when we are root with apt-get; otherwise says how, in one line. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) fail(`Chromium is missing: run 'sudo apt-get install -y chromium' (Debian package) and retry.`);
  console.log('Chromium is missing: installing Debian\'s chromium package with apt-get (about 20 s)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) fail(`'apt-get ${args.join(' ')}' failed (exit ${result.status ?? result.signal}); install chromium by hand and retry.`);
  }
  if (!existsSync(CHROMIUM)) fail(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
}

async function step(name, command, args) {
  const started = Date.now();
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\nnpm test: ${name} failed (exit ${code}).`);
    process.exit(code);
  }
  console.log(`npm test: ${name} ok (${Date.now() - started} ms)`);
}

/** Runs a command from the top level with output streamed through; resolves to its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`npm test: cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** One plain line with the counts, so a run that tested nothing cannot pass unnoticed; returns it. */
async function summarize() {
  let report;
  try {
    report = JSON.parse(await readFile(REPORT, 'utf8'));
  } catch (error) {
    console.error(`npm test: no vitest report at ${REPORT} (${error.message}); counts unknown.`);
    return 'test counts unknown';
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const line = `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`;
  console.log(`\n${line}`);
  return line;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
