/**
 * API answers compressed as a real API sends them over the internet: a page of 200 products is
 * about 120 KB of JSON raw and 9-11 KB compressed (brotli 5, gzip 6). The stand-in's answers go
 * out so, and a till's first visit over a slow link is measured with the bytes a shop's link
 * really carries; `npm run serve`'s proxy compresses what it relays the same way.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiateCoding } from './accept-encoding.ts';

/**
 * Below this a body goes raw, as servers do (nginx's gzip_min_length, IIS's 2,700 bytes): a
 * record or an error message gains a few bytes and costs a compression.
 */
export const COMPRESS_MIN_BYTES = 1024;

const compressors = {
  // Levels a server uses on answers made per request, not brotli's 11 (seconds a megabyte).
  br: (bytes: Uint8Array) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Uint8Array) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * `response` with its body compressed in the coding `request` accepts best (br, then gzip), and
 * `Vary: Accept-Encoding` whenever the coding depends on it. Only a success with a body of at
 * least {@link COMPRESS_MIN_BYTES} is compressed; errors, 204s and small bodies go as they are.
 */
export async function compressAnswer(request: Request, response: Response): Promise<Response> {
  const success = response.status >= 200 && response.status < 300 && response.status !== 204;
  if (!success || response.body === null || response.headers.has('content-encoding')) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (bytes.length < COMPRESS_MIN_BYTES) return new Response(bytes, init);
  headers.append('vary', 'Accept-Encoding');
  const coding = negotiateCoding(request.headers.get('accept-encoding'));
  if (coding === undefined) return new Response(bytes, init);
  const compressed = await compressors[coding](bytes);
  headers.set('content-encoding', coding);
  headers.set('content-length', String(compressed.length));
  return new Response(compressed, init);
}
