/**
 * Vitest for the whole project: run from the top level (`vitest run --config test/vitest.config.ts`).
 * Node is the default environment; component tests opt into happy-dom per file.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Node 25 and later define their own global `localStorage` and `sessionStorage` (the first
 * undefined unless `--localstorage-file` is given); vitest leaves a global that already exists in
 * place, so they would shadow the test DOM's storage. Turning Node's off in the test workers
 * gives component tests the DOM's, as a browser tab has. Node 20 knows no such flag.
 */
const NODE_WEB_STORAGE_OFF = '--no-experimental-webstorage';
const execArgv = process.allowedNodeEnvironmentFlags.has(NODE_WEB_STORAGE_OFF) ? [NODE_WEB_STORAGE_OFF] : [];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Build, server and browser tests start real processes and Chromium; 2 cores is the norm here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    execArgv,
  },
});
