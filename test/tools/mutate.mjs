#!/usr/bin/env node
/**
 * `npm run mutate [-- [files...] [stryker options]]`: StrykerJS over the write path and the pull
 * (test/stryker.config.mjs) against the unit tests. Files narrow the run
 * (`npm run mutate -- sw/outbox/replay.ts`, or `sw/outbox/replay.ts:40-80` for some lines); anything starting
 * with `-` goes to Stryker as is (`--concurrency 2`, `--force` to retest every edit).
 *
 * Incremental: the results of the last run live in .cache/stryker/incremental.json, and a run
 * retests only the edits whose code or covering tests changed. A narrowed run starts from a copy
 * of that file and its results are merged back, so it does not make the next full run start over
 * (Stryker alone would overwrite the file with the narrowed run's files only).
 *
 * A narrowed run works in its own folder, .cache/stryker/runs/<files>/ (sandbox, report,
 * survivors.txt), so runs over different files can go side by side; a full run uses
 * .cache/stryker/ itself.
 *
 * Stryker 9.6.1, the last release for Node 20 (10.x needs Node 22), runs on this machine's Node,
 * the one the unit tests run on.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STRYKER = join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const CONFIG = 'test/stryker.config.mjs';
const { default: baseConfig } = await import(pathToFileURL(join(ROOT, CONFIG)).href);
const DIR = join(ROOT, '.cache', 'stryker');
const INCREMENTAL = join(DIR, 'incremental.json');

const args = process.argv.slice(2);
// A source file (optionally with lines) is a file to mutate; anything else is Stryker's.
const isFile = (arg) => /^[^-].*\.(ts|tsx|js|mjs)(:\d+(-\d+)?)?$/.test(arg);
const files = args.filter(isFile);
const options = args.filter((arg) => !isFile(arg));
for (const file of files) {
  const path = file.replace(/:\d+(-\d+)?$/, '');
  if (!existsSync(join(ROOT, path))) fail(`npm run mutate: no such file: ${path}`);
}

const narrowed = files.length > 0;
const runDir = narrowed ? join(DIR, 'runs', files.join('+').replace(/[^A-Za-z0-9.-]+/g, '_')) : DIR;
const shown = relative(ROOT, runDir);
const report = join(runDir, 'report.json');
const survivors = join(runDir, 'survivors.txt');
await mkdir(runDir, { recursive: true });
await rm(report, { force: true });
const strykerArgs = [STRYKER, 'run', CONFIG];
if (narrowed) {
  const incremental = join(runDir, 'incremental.json');
  await rm(incremental, { force: true });
  if (existsSync(INCREMENTAL)) await copyFile(INCREMENTAL, incremental);
  // The reporters' file names are options only a config sets, so the run gets a config of its own.
  const config = join(runDir, 'stryker.config.json');
  await writeFile(
    config,
    JSON.stringify({
      ...baseConfig,
      mutate: files,
      incrementalFile: relative(ROOT, incremental),
      tempDirName: relative(ROOT, join(runDir, 'tmp')),
      htmlReporter: { fileName: relative(ROOT, join(runDir, 'report.html')) },
      jsonReporter: { fileName: relative(ROOT, report) },
    }),
  );
  strykerArgs[2] = relative(ROOT, config);
}
const started = Date.now();
const code = await run(process.execPath, [...strykerArgs, ...options]);
if (code === 0 && narrowed) await mergeInto(INCREMENTAL, join(runDir, 'incremental.json'));
if (existsSync(report)) await listSurvivors(report, survivors);
console.log(
  `npm run mutate: ${Math.round((Date.now() - started) / 1000)} s; report ${shown}/report.html; surviving edits ${shown}/survivors.txt`,
);
process.exit(code);

/** Lays a narrowed run's files and test files over the full run's results. */
async function mergeInto(fullFile, narrowedFile) {
  if (!existsSync(narrowedFile)) return;
  const part = JSON.parse(await readFile(narrowedFile, 'utf8'));
  const full = existsSync(fullFile) ? JSON.parse(await readFile(fullFile, 'utf8')) : part;
  full.files = { ...full.files, ...part.files };
  full.testFiles = { ...full.testFiles, ...part.testFiles };
  await writeFile(fullFile, JSON.stringify(full));
}

/** One line per edit no test noticed (survived or never run by a test), by file and line. */
async function listSurvivors(reportFile, outFile) {
  const report = JSON.parse(await readFile(reportFile, 'utf8'));
  const lines = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const sourceLines = source.split('\n');
    const missed = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    missed.sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    );
    for (const mutant of missed) {
      const { line, column } = mutant.location.start;
      const original = sourceLines[line - 1]?.trim() ?? '';
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
      lines.push(
        `${file}:${line}:${column} ${mutant.status} ${mutant.mutatorName}: ${replacement}   | ${original.slice(0, 100)}`,
      );
    }
  }
  await writeFile(outFile, `${lines.join('\n')}\n`);
}

function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`npm run mutate: cannot run Stryker: ${error.message}`);
      resolve(127);
    });
    child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
