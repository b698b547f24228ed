/**
 * `npm run mutate`'s inputs, checked without running it (it takes most of an hour): the files it
 * edits still exist (Stryker says nothing when a moved file drops out), and every edit left out of
 * the score is left out one line and one kind of edit at a time, with a reason a reviewer can judge.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build.ts';

const { WRITE_PATH } = (await import(pathToFileURL(join(ROOT, 'test/stryker.config.mjs')).href)) as {
  WRITE_PATH: string[];
};

/** `// Stryker disable next-line Mutator[,Mutator]: reason`, the one form the list uses. */
const DISABLE = /\/\/\s*Stryker disable next-line (?!all\b)([A-Za-z]+(?:,[A-Za-z]+)*): (.{20,})$/;

describe('npm run mutate', () => {
  it('edits files that exist', () => {
    expect(WRITE_PATH.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it.each([
    ['// Stryker disable next-line EqualityOperator: seqs are unique, so > and >= order alike', true],
    ['// Stryker disable next-line StringLiteral,ObjectLiteral: the two spellings reach the same call', true],
    ['// Stryker disable all', false],
    ['// Stryker disable next-line all: every edit of this line is hard to test', false],
    ['// Stryker disable next-line EqualityOperator: why not', false],
    ['// Stryker disable next-line EqualityOperator', false],
  ])('reads %s as %s', (comment, accepted) => {
    expect(DISABLE.test(comment)).toBe(accepted);
  });

  it('leaves an edit out only one line and one named mutator at a time, with its reason', () => {
    const comments = sourceFiles(['app', 'sw']).flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, text: line.trim() }))
        .filter(({ text }) => /Stryker\s+(disable|restore)/i.test(text)),
    );
    expect(comments.filter(({ text }) => !DISABLE.test(text)).map(({ where, text }) => `${where} ${text}`)).toEqual([]);
    expect(
      comments.filter(({ where }) => !WRITE_PATH.includes(where.replace(/:\d+$/, ''))).map(({ where }) => where),
    ).toEqual([]);
  });
});

describe('a mark and its line', () => {
  it('is followed by the whole statement it marks, not the first line of one the formatter wrapped', () => {
    // `// Stryker disable next-line` covers one line: after Biome wraps `const x =\n  a && b`, the mark
    // would cover `const x =` and the edit it was meant for would count again (this happened once).
    const broken = sourceFiles(['app', 'sw']).flatMap((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      return lines.flatMap((line, i) =>
        DISABLE.test(line.trim()) && /(=|\(|&&|\|\||\?|:)\s*$/.test(lines[i + 1] ?? '') ? [`${file}:${i + 2}`] : [],
      );
    });
    expect(broken).toEqual([]);
  });
});

function sourceFiles(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
  );
}
