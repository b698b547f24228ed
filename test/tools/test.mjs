#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, stopping at the first failure with its
 * exit code. Chromium (Debian's package) first, since browser tests need it; then the three
 * type-checks, the build (which prints the size budget and fails over it), vitest (all three of
 * its projects: unit, browser, build; `npm run test:unit` is the first alone), vitest again
 * on the newest LTS Node (fetched from the npm registry when this machine runs another line), and
 * a small benchmark (5,000 products) that prints its figures. Extra arguments go to vitest and
 * skip the second Node and the benchmark, e.g. `npm test -- test/build`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentLine, envWithNode, NEWEST_LTS, nodeBinary } from './node-lines.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const BIN = join(ROOT, 'node_modules', '.bin');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const SMALL_BENCH = ['--products', '5000', '--runs', '1', '--writes', '200', '--out', 'test-results/bench-small.json'];

await main();

async function main() {
  if (!existsSync(BIN)) fail(`Dependencies are missing: run 'npm ci' first (or 'npm ci && npm test').`);
  ensureChromium();
  // Conventions first: a misplaced import or an unused export is cheaper to hear of than a type error.
  await step('format and lint (biome)', join(BIN, 'biome'), ['check']);
  await step('layering', process.execPath, [join(ROOT, 'test/tools/layers.mjs')]);
  await step('unused files and exports (knip)', join(BIN, 'knip'), []);
  await step('type-check app', join(BIN, 'tsc'), ['-p', 'tsconfig.json']);
  await step('type-check sw', join(BIN, 'tsc'), ['-p', 'sw/tsconfig.json']);
  await step('type-check test', join(BIN, 'tsc'), ['-p', 'test/tsconfig.json']);
  await step('build', process.execPath, ['build.mjs']);
  await mkdir(join(ROOT, '.cache'), { recursive: true });
  const focused = process.argv.length > 2;
  const runs = [await vitest(process.execPath, process.argv.slice(2))];
  // The machine's Node is 20 here, a newcomer's is the newest LTS: both must pass. A run made
  // for one line by `npm run test:node` (TEST_NODE_LINE) adds no other.
  if (!focused && !process.env.TEST_NODE_LINE && currentLine() !== NEWEST_LTS) {
    let binary;
    try {
      binary = nodeBinary(NEWEST_LTS);
    } catch (error) {
      fail(
        `npm test: ${error.message}. The unit and browser tests also run on Node ${NEWEST_LTS}, the newest LTS; 'npm test -- test' runs them on this Node alone.`,
      );
    }
    console.log(`\nnpm test: the unit and browser tests again on Node ${NEWEST_LTS} (the newest LTS)`);
    runs.push(await vitest(binary, []));
  }
  // A small benchmark, so it keeps working: its figures are printed, never asserted (the build
  // above already failed if a bundle is over budget). Skipped when the run was narrowed to some tests.
  if (!focused)
    await step('small benchmark', process.execPath, [
      join(ROOT, 'test/tools/run-ts.mjs'),
      'test/bench/run.ts',
      ...SMALL_BENCH,
    ]);
  const total = runs.reduce(
    (sum, run) => ({
      passed: sum.passed + run.passed,
      failed: sum.failed + run.failed,
      skipped: sum.skipped + run.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  if (runs.length > 1) for (const run of runs) console.log(`  Node ${run.node}: ${countLine(run)}`);
  console.log(`\nnpm test: every step passed; tests: ${countLine(total)}`);
}

/**
 * Runs vitest on the given Node (with its folder first on PATH, so what the tests spawn runs on it
 * too); exits with vitest's code when it fails, and otherwise returns its counts.
 */
async function vitest(node, extraArgs) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
  const report = join(ROOT, '.cache', `vitest-report-${version}.json`);
  // A report left by an earlier run must not stand in for this one's counts.
  await rm(report, { force: true });
  const args = [
    VITEST,
    'run',
    '--config',
    'test/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  const code = await run(node, args, envWithNode(node));
  const counts = await summarize(report, version);
  if (code !== 0) {
    console.error(`\nnpm test: vitest on Node ${version} failed (exit ${code}).`);
    process.exit(code);
  }
  return counts;
}

/** Installs Debian's chromium when we are root with apt-get; otherwise says how, in one line. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) fail(`Chromium is missing: run 'sudo apt-get install -y chromium' (Debian package) and retry.`);
  console.log("Chromium is missing: installing Debian's chromium package with apt-get (about 20 s)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0)
      fail(
        `'apt-get ${args.join(' ')}' failed (exit ${result.status ?? result.signal}); install chromium by hand and retry.`,
      );
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
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`npm test: cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Prints one plain line with the counts of one vitest run, so a run that tested nothing cannot
 * pass unnoticed; returns the counts (zeros, said so, when the report is missing).
 */
async function summarize(reportFile, version) {
  let report;
  try {
    report = JSON.parse(await readFile(reportFile, 'utf8'));
  } catch (error) {
    console.error(`npm test: no vitest report at ${reportFile} (${error.message}); counts unknown.`);
    return { node: version, passed: 0, failed: 0, skipped: 0 };
  }
  const counts = {
    node: version,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  console.log(`\nNode ${version}: ${countLine(counts)}`);
  return counts;
}

function countLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
