/**
 * Vitest for the whole project: run from the top level (`vitest run --config test/vitest.config.ts`).
 * Node is the default environment; component tests opt into happy-dom per file.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // Build, server and browser tests start real processes and Chromium; 2 cores is the norm here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
