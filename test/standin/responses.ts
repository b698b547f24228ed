/**
 * Response builders in the shapes an ASP.NET Web API server gives: `{"Message": ...}` errors,
 * `ModelState` for invalid input, and the deprecation headers every V2 answer carries.
 */

import type { ModelState } from './binding.ts';

/** Content type of every JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The fixed V2 sunset date sent in the `Sunset` header (the contract gives none; any fixed date will do). */
export const V2_SUNSET = 'Thu, 31 Dec 2026 23:59:59 GMT';

/** A JSON answer from already-serialised text. */
export function jsonResponse(status: number, text: string, headers?: Record<string, string>): Response {
  return new Response(text, { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers } });
}

/** An error answer with ASP.NET's default body. */
function messageResponse(status: number, message: string, headers?: Record<string, string>): Response {
  return jsonResponse(status, JSON.stringify({ Message: message }), headers);
}

/** 400 for input that failed validation, with the offending field (or 'body') in ModelState. */
export function invalidResponse(field: string, problem: string): Response {
  return modelStateResponse({ [field]: [problem] });
}

/** 400 for input that failed model binding: each offending field with what was wrong there. */
export function modelStateResponse(modelState: ModelState): Response {
  return jsonResponse(400, JSON.stringify({ Message: 'The request is invalid.', ModelState: modelState }));
}

/** 400 for a path id that is not an integer, worded as ASP.NET words a failed int binding. */
export function badIdResponse(raw: string): Response {
  return jsonResponse(
    400,
    JSON.stringify({
      Message: 'The request is invalid.',
      MessageDetail: `The parameters dictionary contains a null entry for parameter 'id' of non-nullable type 'System.Int32'; '${raw}' is not an integer.`,
    }),
  );
}

/** 404 as ASP.NET words it for a route, or here also for an unknown record id. */
export function notFoundResponse(url: string): Response {
  return messageResponse(404, `No HTTP resource was found that matches the request URI '${url}'.`);
}

/** 405 with the methods that would have worked. */
export function methodNotAllowedResponse(method: string, allowed: readonly string[]): Response {
  return messageResponse(405, `The requested resource does not support http method '${method}'.`, {
    allow: allowed.join(', '),
  });
}

/** 401 for a missing or wrong token. No WWW-Authenticate: a browser would pop up a login dialog. */
export function unauthorizedResponse(): Response {
  return messageResponse(401, 'Authorization has been denied for this request.');
}

/** Marks a response as coming from a deprecated V2 endpoint. */
export function withV2Headers(response: Response): Response {
  response.headers.set('deprecation', 'true');
  response.headers.set('sunset', V2_SUNSET);
  return response;
}
