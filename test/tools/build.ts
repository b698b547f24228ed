/**
 * Runs build.mjs as a child process, the way `npm run build` does, for tests that need a build.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's top level: the nearest folder up from here with build.mjs (this file also runs bundled into .cache/). */
export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * The nearest folder from `dir` up holding both build.mjs and package.json. build.mjs alone is not
 * enough: run-ts.mjs bundles an entry named build.ts into .cache/build.mjs, and every tool bundled
 * beside it then ran that script as the build (seen: benches waiting 300 s for an app never built).
 */
export function findRoot(dir: string): string {
  if (existsSync(join(dir, 'build.mjs')) && existsSync(join(dir, 'package.json'))) return dir;
  const up = dirname(dir);
  if (up === dir) throw new Error(`no build.mjs with a package.json in any folder above ${dir}`);
  return findRoot(up);
}

/** What a build printed. */
export interface BuildOutput {
  stdout: string;
  stderr: string;
}

/** Builds into `outdir` (with `env` added to the environment); rejects with the build's output when it exits non-zero. */
export function buildTo(outdir: string, env: Record<string, string> = {}): Promise<BuildOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs', '--outdir', outdir], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`build.mjs exited with ${code ?? signal}\n${stdout}${stderr}`));
    });
  });
}
