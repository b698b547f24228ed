#!/usr/bin/env node
/**
 * `npm run test:node -- 26`: every check `npm test` runs, on another Node line, fetched from the
 * npm registry into .cache/node/26/ the first time. Arguments after the line go to `npm test`
 * (so to vitest), e.g. `npm run test:node -- 24 test/till`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { envWithNode, nodeBinary, TESTED_LINES } from './node-lines.mjs';

const [lineArg, ...rest] = process.argv.slice(2);
const line = Number(lineArg);
if (!Number.isInteger(line) || line < 1) {
  console.error(
    `usage: npm run test:node -- LINE [vitest arguments]   (LINE a major version; tested: ${TESTED_LINES.join(', ')})`,
  );
  process.exit(2);
}
if (!TESTED_LINES.includes(line))
  console.warn(`Node ${line} is not one of the tested lines (${TESTED_LINES.join(', ')}); running anyway.`);

let binary;
try {
  binary = nodeBinary(line);
} catch (error) {
  console.error(`npm run test:node: ${error.message}`);
  process.exit(1);
}
const test = fileURLToPath(new URL('test.mjs', import.meta.url));
// TEST_NODE_LINE tells test.mjs it is the run for one line, so it does not add another.
const child = spawn(binary, [test, ...rest], {
  stdio: 'inherit',
  env: envWithNode(binary, { TEST_NODE_LINE: String(line) }),
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
