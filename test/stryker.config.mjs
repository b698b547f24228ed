/**
 * `npm run mutate` (through test/tools/mutate.mjs): StrykerJS edits the write path and the pull
 * one small change at a time and runs the unit tests that cover each edit; an edit no test
 * notices is a behaviour no test pins down. Opt-in, never part of `npm test`.
 *
 * Edits that change nothing observable are marked where they are, with
 * `// Stryker disable next-line <mutator>: <reason>`, and not counted; `grep -rn 'Stryker disable' app sw`
 * lists them. Mark only what no test or person could tell apart, and say why.
 */

/** The write path (outbox, replay, verification, client) and the catalog pull. */
export const WRITE_PATH = [
  'sw/outbox/replay.ts',
  'sw/outbox/verify.ts',
  'sw/outbox/twins.ts',
  'sw/doubling.ts',
  'sw/pull.ts',
  'sw/pull-estimate.ts',
  'sw/pull-refresh.ts',
  'sw/outbox/runner.ts',
  // Knowing when Epos Now can be reached: the probe, the wait for it, and the pages' copy.
  'sw/reachability.ts',
  'sw/outbox/recovery.ts',
  'app/store/reach.ts',
  // No edit overwrites someone else's (issue 24): the comparison, the merge, and its held conflicts.
  'app/epos/field-equal.ts',
  'app/epos/field-merge.ts',
  'app/epos/merged-write.ts',
  'app/epos/list-merge.ts',
  'app/store/outbox-conflict.ts',
  'app/store/outbox.ts',
  'app/store/outbox-machine.ts',
  'app/store/outbox-transition.ts',
  'app/store/outbox-outcomes.ts',
  'app/store/outbox-admin.ts',
  'app/store/outbox-status.ts',
  'app/store/write-check.ts',
  'app/page/writer.ts',
  'app/epos/client.ts',
  'app/epos/http.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: WRITE_PATH,
  testRunner: 'vitest',
  // The unit project alone: no build, no Chromium; thousands of runs must each take a moment.
  vitest: { configFile: 'test/vitest.unit.config.ts' },
  // Each edit runs only the tests that reached it in the first (dry) run.
  coverageAnalysis: 'perTest',
  // A re-run tests only the edits whose code or covering tests changed since the last one.
  // Kept in .cache/ (git-ignored): a result of this machine's tree, not a file to review.
  incremental: true,
  incrementalFile: '.cache/stryker/incremental.json',
  tempDirName: '.cache/stryker/tmp',
  // TypeScript 7 has no compiler API; Stryker imports it only to rewrite the `extends` and
  // `references` of the file named here, and only when the file exists. Ours need no rewrite
  // (every tsconfig extends one inside the sandbox), so this names none and the step is skipped.
  // (`inPlace: true` skips it too, but edits the work tree itself, which others share.)
  tsconfigFile: '.cache/stryker/no-tsconfig-to-rewrite.json',
  // Vitest compiles with esbuild and never type-checks, so there are no `@ts-nocheck`s to add.
  disableTypeChecks: false,
  // Not copied into each sandbox: Node lines fetched by `npm test` (200 MB), builds, reports.
  ignorePatterns: [
    '.cache',
    'dist',
    'test-results',
    'coverage',
    'playwright-report',
    'profiles',
    '.chromium-profile*',
    'screenshots',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.cache/stryker/report.html' },
  jsonReporter: { fileName: '.cache/stryker/report.json' },
  // Survivors are listed at the end by file:line, so they can be targeted one by one.
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    maxTestsToLog: 0,
    reportMutants: true,
    reportScoreTable: true,
  },
  // No gate: the score is a figure to read (issue 17 aims at 90% per file), not a pass/fail.
  thresholds: { high: 90, low: 75, break: null },
  cleanTempDir: 'always',
};
