/**
 * The `unit` project (`npm run test:unit`, and what `npm run mutate` runs thousands of times) must
 * stay fast: none of its tests may start Chromium or a build. A unit test is any test file outside
 * test/browser and test/build (test/vitest.config.ts); this follows each one's relative imports
 * and fails when one reaches what only browser and build tests may use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build.ts';

const NOT_UNIT = ['test/browser/', 'test/build/'];

/** What starts a browser or a build, as a module reached or a line found in one. */
const HEAVY_MODULES = ['test/tools/chromium.ts', 'test/browser/harness.ts'];
const HEAVY_CODE: readonly [string, RegExp][] = [
  ['imports playwright-core (not just its types)', /^import\s+(?!type\b)[^;]*from\s+'playwright-core'/m],
  ['imports esbuild', /^import\s+(?!type\b)[^;]*from\s+'esbuild'/m],
  ['runs a build (buildTo)', /^import\s*\{[^}]*\bbuildTo\b[^}]*\}\s*from/m],
  ["runs 'npm start' or build.mjs", /spawn\([^)]*(['"]build\.mjs['"]|['"]npm['"],\s*\[\s*['"](start|run|build)['"])/],
];
/** Where buildTo is defined: importing its ROOT is fine, importing buildTo is caught above. */
const BUILD_HELPER = 'test/tools/build.ts';

describe('the unit project', () => {
  it('starts no browser and no build, however deep the import', () => {
    const unit = testFiles(join(ROOT, 'test')).filter((file) => !NOT_UNIT.some((prefix) => file.startsWith(prefix)));
    expect(unit.length).toBeGreaterThan(50);
    const heavy = unit.flatMap((file) => heaviness(file).map((why) => `${file}: ${why}`));
    expect(heavy).toEqual([]);
  });

  // The check above passes vacuously if it can no longer see the heavy helpers; the browser and
  // build tests use them by design.
  it.each([
    ['test/browser/shell.test.ts', 'reaches test/browser/harness.ts'],
    ['test/browser/resend.test.ts', 'reaches test/tools/chromium.ts'],
    ['test/browser/chaos.test.ts', 'imports esbuild'],
    ['test/build/build.test.ts', 'runs a build (buildTo)'],
    ['test/build/start.test.ts', "runs 'npm start' or build.mjs"],
  ])('would catch %s, which %s', (file, why) => {
    expect(heaviness(file).some((found) => found.startsWith(why))).toBe(true);
  });
});

/** Why a test file (relative to the top level) is not a unit test; empty when it is one. */
function heaviness(file: string): string[] {
  const reasons: string[] = [];
  for (const module of reached(file)) {
    if (HEAVY_MODULES.includes(module)) reasons.push(`reaches ${module}`);
    if (module === BUILD_HELPER) continue;
    const code = readFileSync(join(ROOT, module), 'utf8');
    for (const [why, pattern] of HEAVY_CODE)
      if (pattern.test(code)) reasons.push(module === file ? why : `${why} in ${module}`);
  }
  return reasons;
}

/** The file and every file of ours it imports, directly or not (relative specifiers only). */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(ROOT, file), 'utf8');
  for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    reached(relative(ROOT, resolve(dirname(join(ROOT, file)), specifier!)), seen);
  }
  return seen;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}
