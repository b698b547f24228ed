#!/usr/bin/env node
/**
 * DESIGN's layering, held by code: `npm run lint` fails when an import goes where the layout
 * says it must not. Dependencies point down: ui → page → store/search/till → epos; ui imports
 * store only for types; sw imports epos, store, search and till but never page or ui; epos
 * imports nothing of ours; search is pure (epos only).
 *
 * Biome's import restriction cannot tell `import type` from a runtime import, which the ui →
 * store rule needs, so this small check reads the imports itself: every static `import`/`export
 * ... from` and `import()` with a relative specifier, resolved to its layer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each layer and the layers it may import at runtime (itself always). */
export const MAY_IMPORT = {
  epos: [],
  search: ['epos'],
  till: ['epos'],
  store: ['epos', 'search', 'till'],
  page: ['epos', 'search', 'till', 'store'],
  ui: ['epos', 'search', 'till', 'page'],
  main: ['epos', 'search', 'till', 'store', 'page', 'ui'],
  sw: ['epos', 'search', 'till', 'store'],
};

/** Layers a layer may import for types only (erased from the build). */
export const MAY_IMPORT_TYPES = { ui: ['store'] };

/** The layer a file of the repository belongs to, or undefined outside app/ and sw/. */
export function layerOf(file) {
  const path = file.split('\\').join('/');
  if (path.startsWith('sw/')) return 'sw';
  const inApp = /^app\/([^/]+)\//.exec(path);
  if (inApp) return inApp[1];
  if (path.startsWith('app/')) return 'main';
  return undefined;
}

/** The relative imports of a source text: specifier, line, and whether only types come in. */
export function importsOf(text) {
  const found = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(statement)) {
    const names = match[3] ?? '';
    // `import { type A, type B }` brings in types alone, as `import type` does.
    const inline = /^\{([^}]*)\}$/.exec(names.trim());
    const typed = inline?.[1]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .every((n) => n.startsWith('type '));
    const allTyped = typed === true;
    found.push({ specifier: match[4], line: lineAt(text, match.index), typeOnly: match[2] !== undefined || allTyped });
  }
  const bare = /^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(bare))
    found.push({ specifier: match[1], line: lineAt(text, match.index), typeOnly: false });
  const dynamic = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(dynamic))
    found.push({ specifier: match[1], line: lineAt(text, match.index), typeOnly: false });
  return found;
}

/** Every import of `files` (paths relative to `root`) that breaks a rule, as `file:line message`. */
export function violations(root, files) {
  const found = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from) continue;
    for (const { specifier, line, typeOnly } of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const target = relative(root, resolve(root, dirname(file), specifier))
        .split('\\')
        .join('/');
      if (/\.css$/.test(target)) continue;
      const to = layerOf(target);
      if (!to || to === from) continue;
      if (MAY_IMPORT[from].includes(to)) continue;
      if (typeOnly && (MAY_IMPORT_TYPES[from] ?? []).includes(to)) continue;
      found.push(
        `${file}:${line} ${from} must not import ${to}${(MAY_IMPORT_TYPES[from] ?? []).includes(to) ? ' at runtime (types only)' : ''}: ${specifier}`,
      );
    }
  }
  return found;
}

/** The TypeScript files under `dirs`, relative to `root`. */
export function sourceFiles(root, dirs) {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/')),
  );
}

function lineAt(text, index) {
  return text.slice(0, index).split('\n').length + (text[index] === '\n' ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const files = sourceFiles(root, ['app', 'sw']);
  const broken = violations(root, files);
  for (const line of broken) console.error(line);
  console.log(
    `layers: ${files.length} files, ${broken.length === 0 ? 'every import points down' : `${broken.length} imports break DESIGN's layering`}`,
  );
  process.exit(broken.length === 0 ? 0 : 1);
}
