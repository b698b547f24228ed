/**
 * Vitest for the whole project: run from the top level (`vitest run --config test/vitest.config.ts`).
 * Node is the default environment; component tests opt into happy-dom per file.
 *
 * Three projects, so the fast tests can run alone (`--project unit`, `npm run test:unit`):
 * - `unit`: everything that runs in Node or happy-dom with no build and no browser (in-process
 *   stand-in, fake-indexeddb, local HTTP servers on 127.0.0.1). A new test folder lands here.
 * - `browser`: test/browser, a real build served to Debian's Chromium.
 * - `build`: test/build, which runs build.mjs (and `npm start`) as child processes.
 * `test/tools/projects.test.ts` keeps a unit test from starting Chromium or a build unnoticed.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Node 25 and later define their own global `localStorage` and `sessionStorage` (the first
 * undefined unless `--localstorage-file` is given); vitest leaves a global that already exists in
 * place, so they would shadow the test DOM's storage. Turning Node's off in the test workers
 * gives component tests the DOM's, as a browser tab has. Node 20 knows no such flag. Set at the
 * root, so every project (each `extends: true`) gets it.
 */
const NODE_WEB_STORAGE_OFF = '--no-experimental-webstorage';
const execArgv = process.allowedNodeEnvironmentFlags.has(NODE_WEB_STORAGE_OFF) ? [NODE_WEB_STORAGE_OFF] : [];

/** Test files of each project, relative to the top level; shared with the guard test and Stryker. */
export const TEST_FILES = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
export const BROWSER_FILES = ['test/browser/**/*.test.ts', 'test/browser/**/*.test.tsx'];
export const BUILD_FILES = ['test/build/**/*.test.ts', 'test/build/**/*.test.tsx'];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    environment: 'node',
    // Build, server and browser tests start real processes and Chromium; 2 cores is the norm here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    execArgv,
    projects: [
      { extends: true, test: { name: 'unit', include: TEST_FILES, exclude: [...BROWSER_FILES, ...BUILD_FILES] } },
      { extends: true, test: { name: 'browser', include: BROWSER_FILES } },
      { extends: true, test: { name: 'build', include: BUILD_FILES } },
    ],
  },
});
