/**
 * An error's message for a log line or a person: the message of an `Error`, the text of
 * anything else thrown. Never the token: our errors carry redacted messages. A module of its
 * own so the code a till starts with need not carry every error class to print one.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
