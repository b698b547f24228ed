#!/usr/bin/env node
/**
 * Runs a TypeScript entry under Node 20 (which cannot load .ts itself): bundles it with esbuild
 * into .cache/ and imports it, passing the remaining arguments on.
 *
 *   node test/tools/run-ts.mjs test/bench/run.ts --products 5000
 */
import { join, parse, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node test/tools/run-ts.mjs ENTRY.ts [ARGS...]');
  process.exit(2);
}
const outfile = join(ROOT, '.cache', `${parse(entry).name}.mjs`);
await esbuild.build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
