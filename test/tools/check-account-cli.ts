/**
 * `npm run check-account -- --api-base URL [--write] [--json FILE] [--origin URL]`: the first thing
 * to run against a real Epos Now account. Asks the first page of every kind, one record of each
 * and the settings document (and with --write creates, reads back, updates and deletes one marked
 * Customer), prints what the account answered as a table, and exits 0 only when every request
 * got an answer the app can read. The token comes from EPOS_TOKEN or a prompt, never an argument.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createClient } from '../../app/epos/client.ts';
import { errorText } from '../../app/epos/error-text.ts';
import { isApiBase, tokenProblem } from '../../app/epos/transport-check.ts';
import { checkAccount } from './check-account.ts';
import { formatReport } from './check-account-table.ts';
import { readToken } from './read-token.ts';

const USAGE =
  'usage: EPOS_TOKEN=... npm run check-account -- --api-base URL [--write] [--json FILE] [--origin URL] (without EPOS_TOKEN it asks for the token)';
/** The origin sent by default, so the API's CORS answer shows: a till served from a host of its own. */
const DEFAULT_ORIGIN = 'https://till.example';

/** Ends the command with one line on stderr. */
function fail(line: string): never {
  process.stderr.write(`check-account: ${line}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.some((arg) => /^--?token\b/i.test(arg)))
  fail(
    'the token is never taken as an argument (npm prints the arguments, so it would land in your terminal and its history): set EPOS_TOKEN or type it at the prompt',
  );
let values: { 'api-base'?: string; write?: boolean; json?: string; origin?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    args,
    options: {
      'api-base': { type: 'string' },
      write: { type: 'boolean' },
      json: { type: 'string' },
      origin: { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  if (!(error instanceof TypeError)) throw error;
  // Not the parser's text: it quotes the argument, which may be a token typed in the wrong place.
  fail(`unknown or incomplete arguments (a token is never taken as one). ${USAGE}`);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const apiBase = values['api-base'];
if (apiBase === undefined) fail(`--api-base URL is required. ${USAGE}`);
if (apiBase === '' || !isApiBase(apiBase))
  fail('--api-base must be an https:// address (http:// only for localhost or 127.0.0.1, which stay on this machine)');
const origin = values.origin ?? DEFAULT_ORIGIN;
if (!URL.canParse(origin)) fail('--origin must be an address such as https://till.example');

const token = await readToken();
const problem = tokenProblem(token);
if (problem !== null) fail(`${problem}: set EPOS_TOKEN or type it at the prompt`);
// The client's redaction, for any text that may carry the token back (an error quoting a request).
const { redact } = createClient({ baseUrl: apiBase, token });

try {
  const report = await checkAccount({
    baseUrl: apiBase,
    token,
    origin: new URL(origin).origin,
    write: values.write === true,
  });
  process.stdout.write(redact(formatReport(report)));
  if (values.json !== undefined) {
    await writeFile(values.json, `${redact(JSON.stringify(report, null, 2))}\n`);
    process.stdout.write(`Written to ${values.json}\n`);
  }
  if (report.problem !== null) fail(redact(report.problem));
} catch (error) {
  fail(redact(errorText(error)));
}
