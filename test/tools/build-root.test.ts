/** Where the tools find the project's top level (./build.ts), from a bundle in .cache/ or from source. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRoot } from './build.ts';

describe('findRoot', () => {
  let top: string | undefined;
  afterEach(() => {
    if (top !== undefined) rmSync(top, { recursive: true, force: true });
  });

  /** A project folder with build.mjs and package.json, and its .cache/. */
  const project = (): { top: string; cache: string } => {
    top = mkdtempSync(join(tmpdir(), 'epos-root-'));
    const cache = join(top, '.cache');
    mkdirSync(cache);
    writeFileSync(join(top, 'build.mjs'), '');
    writeFileSync(join(top, 'package.json'), '{}');
    return { top, cache };
  };

  it('finds the folder holding build.mjs and package.json, from a folder below it', () => {
    const { top, cache } = project();
    expect(findRoot(cache)).toBe(top);
  });

  it('passes over a bundled script named build.mjs (run-ts.mjs writes .cache/build.mjs for a build.ts)', () => {
    const { top, cache } = project();
    writeFileSync(join(cache, 'build.mjs'), '');
    expect(findRoot(cache)).toBe(top);
  });

  it('says so when no folder above is the project', () => {
    top = mkdtempSync(join(tmpdir(), 'epos-root-'));
    expect(() => findRoot(top as string)).toThrow(/no build.mjs with a package.json/);
  });
});
