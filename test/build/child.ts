/** The server a test starts as a person would (npm start, npm run serve): a child process in a group of its own. */
import type { ChildProcess } from 'node:child_process';

/** Sends SIGTERM to the child's process group; resolves with its exit code or signal once it is gone. */
export function stop(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      reject(new Error('the server did not stop within 10 s of SIGTERM'));
    }, 10_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? 'exited');
    });
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
}
