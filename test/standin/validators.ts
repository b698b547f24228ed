/**
 * Validators, as a server that sends them does: every successful GET carries an `ETag` of its
 * body and the `Last-Modified` of the data (with no Cache-Control, as ASP.NET sends by default:
 * a browser may then count the answer fresh for a tenth of its age, and serve it from its cache
 * without asking), and a request whose `If-None-Match` names the ETag gets 304 with no body. Off by default in the
 * stand-in (`StandinOptions.validators`): nothing public records Epos Now sending `ETag` or
 * `Last-Modified`, and `npm run check-account` (issue 16) is where a real account will say.
 */
import { createHash } from 'node:crypto';

/** `response` with its validators (the data last changed at `changedAt`, ms), or 304 when `request` already holds that version. */
export async function withValidator(request: Request, response: Response, changedAt: number): Promise<Response> {
  if (request.method !== 'GET' || response.status !== 200) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  headers.set('last-modified', new Date(changedAt).toUTCString());
  if (namesTag(request.headers.get('if-none-match'), etag)) {
    // A 304 has no body, and so no type or length of one.
    for (const name of ['content-type', 'content-length']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}

/** Whether an If-None-Match header names `etag` (weakly, as RFC 9110 has it for this header), or is `*`. */
function namesTag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
