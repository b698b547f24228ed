/** The layering check (test/tools/layers.mjs) reads imports as TypeScript means them, and fails what DESIGN forbids. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importsOf, layerOf, violations } from './layers.mjs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('the layering check', () => {
  it('knows each file\u2019s layer', () => {
    expect([
      layerOf('app/epos/client.ts'),
      layerOf('app/ui/office/records-screen.tsx'),
      layerOf('app/main.tsx'),
      layerOf('sw/outbox/replay.ts'),
      layerOf('test/x.ts'),
    ]).toEqual(['epos', 'ui', 'main', 'sw', undefined]);
  });

  it('reads type-only imports (both spellings), runtime ones, re-exports, bare and dynamic imports', () => {
    const text = [
      'import type { A } from "../store/a.ts";',
      'import { type B, type C } from "../store/b.ts";',
      'import { type D, e } from "../store/d.ts";',
      'export { f } from "../store/f.ts";',
      'import "./till.css";',
      'const g = () => import("../store/g.ts");',
      'import { h } from "preact";',
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: '../store/a.ts', line: 1, typeOnly: true },
      { specifier: '../store/b.ts', line: 2, typeOnly: true },
      { specifier: '../store/d.ts', line: 3, typeOnly: false },
      { specifier: '../store/f.ts', line: 4, typeOnly: false },
      { specifier: './till.css', line: 5, typeOnly: false },
      { specifier: '../store/g.ts', line: 6, typeOnly: false },
    ]);
  });

  it('fails an import pointing up or across, and a runtime import the ui may make only for types', () => {
    const dir = tree({
      'app/epos/client.ts': 'import { x } from "../store/db.ts";\n',
      'app/ui/a.tsx': 'import type { TillDb } from "../store/db.ts";\nimport { open } from "../store/db.ts";\n',
      'app/page/b.ts': 'import { y } from "../ui/a.tsx";\n',
      'sw/c.ts': 'import { z } from "../app/page/b.ts";\nimport { ok } from "../app/store/db.ts";\n',
      'app/store/db.ts': 'import { k } from "../epos/client.ts";\n',
      'app/search/s.ts': 'const lazy = () => import("../store/db.ts");\n',
    });
    expect(
      violations(dir, [
        'app/epos/client.ts',
        'app/ui/a.tsx',
        'app/page/b.ts',
        'sw/c.ts',
        'app/store/db.ts',
        'app/search/s.ts',
      ]),
    ).toEqual([
      'app/epos/client.ts:1 epos must not import store: ../store/db.ts',
      'app/ui/a.tsx:2 ui must not import store at runtime (types only): ../store/db.ts',
      'app/page/b.ts:1 page must not import ui: ../ui/a.tsx',
      'sw/c.ts:1 sw must not import page: ../app/page/b.ts',
      'app/search/s.ts:1 search must not import store: ../store/db.ts',
    ]);
  });
});
