/**
 * The API token for a command run by a person: from EPOS_TOKEN, else typed at a prompt that does
 * not echo it, else the first line of what is piped in. Never from an argument: npm prints a
 * script's arguments, so a token there would land in the terminal and its history.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** The token, trimmed; '' when none was given. */
export async function readToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = env.EPOS_TOKEN;
  if (given !== undefined && given.trim() !== '') return given.trim();
  return process.stdin.isTTY ? (await typedHidden('Epos Now API token (not shown as you type): ')).trim() : firstLine();
}

async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  const [line] = (await Promise.race([once(lines, 'line'), once(lines, 'close').then(() => [''])])) as string[];
  lines.close();
  return (line ?? '').trim();
}

/** Reads a line from the terminal in raw mode, echoing nothing; Ctrl-C stops the command. */
function typedHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Raw before the prompt shows: whatever is typed after it is never echoed by the terminal.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
