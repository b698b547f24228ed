/**
 * How busy the machine's cores were during a task, from Linux's /proc/stat: a floor measured by
 * wall time assumes the cores were free to overlap it with other work, which a busy 2-core
 * machine is not.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Busy core-seconds of the whole machine so far, or undefined where /proc/stat is not readable. */
function busySeconds(): number | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // cpu user nice system idle iowait irq softirq steal ..., in USER_HZ (1/100 s).
  const ticks = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (ticks.reduce((sum, n) => sum + n, 0) - idle) / 100;
}

/** Runs `task` and says how many of the machine's cores were busy on average meanwhile (NaN when unknown). */
export async function withCoresBusy<T>(task: () => Promise<T>): Promise<{ value: T; coresBusy: number }> {
  const before = busySeconds();
  const started = performance.now();
  const value = await task();
  const seconds = (performance.now() - started) / 1000;
  const after = busySeconds();
  return { value, coresBusy: before === undefined || after === undefined ? Number.NaN : (after - before) / seconds };
}

/** The machine's core count. */
export const CORES = cpus().length;
