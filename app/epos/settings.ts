/**
 * The app-settings document on the wire. It goes out as JSON text and comes back exactly as
 * saved; Epos Now's own library shows the stored document may also arrive JSON-encoded twice
 * (a JSON string holding the JSON text), so reading unwraps one such layer.
 */
/**
 * The document from a parsed answer body: `undefined` (empty body) and `null` mean nothing was
 * saved yet; a string that is itself JSON text is unwrapped once.
 */
export function decodeSettings(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // A JSON string that is not JSON text is a plain string document, saved as such.
    return value;
  }
}
