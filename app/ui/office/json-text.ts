/** JSON typed by a person: parsed with a message that says where it went wrong. */

/** A parse that worked, or what to fix. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses `text`; with `object`, the value must be a JSON object (a record, a document).
 * The browser's message names the position, which is what a person needs to find the mistake.
 */
export function parseJsonText(text: string, { object = false } = {}): JsonParse {
  if (text.trim() === '') return { ok: false, error: 'Nothing typed: enter JSON, such as {"Name": "Tea"}.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, error: `Not valid JSON: ${error.message}` };
  }
  if (object && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    return { ok: false, error: 'Must be a JSON object: fields inside { }.' };
  }
  return { ok: true, value };
}

/** A value as the editor shows it: indented by two. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
