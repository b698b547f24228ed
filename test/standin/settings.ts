/**
 * The app-settings document: one opaque JSON text, stored and returned byte for byte. It is
 * shared by both contract paths and carries no V2 deprecation headers (it has no version).
 */
import { invalidResponse, jsonResponse, methodNotAllowedResponse } from './responses.ts';
import type { StandinState } from './state.ts';
import { withoutBom } from './v2.ts';

/** A settings request as the handler needs it. */
export interface SettingsRequest {
  readonly method: string;
  /** The body exactly as received; undefined when it is not valid UTF-8. */
  readonly body: string | undefined;
}

/** Answers GET and POST of the settings document. */
export function handleSettings(state: StandinState, request: SettingsRequest): Response {
  if (request.method === 'GET') return jsonResponse(200, state.settingsText ?? 'null');
  if (request.method !== 'POST') return methodNotAllowedResponse(request.method, ['GET', 'POST']);
  const body = request.body;
  if (body === undefined) return invalidResponse('body', 'The settings document is not valid UTF-8.');
  if (body.trim() === '') return invalidResponse('body', 'A settings document is required.');
  try {
    JSON.parse(withoutBom(body));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return invalidResponse('body', `The settings document is not valid JSON: ${error.message}`);
  }
  state.settingsText = body;
  return jsonResponse(200, body);
}
