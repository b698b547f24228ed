/**
 * Test helper: one HTTP request over a fresh socket, its answer as the bytes that came, so a test
 * sees what a server sent (fetch would decode a compressed body and drop the coding).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An answer, undecoded. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends `method` `path` with `headers` (and `body`) to 127.0.0.1:`port`. */
export function rawRequest(
  port: number,
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // One connection, closed by the server once its answer is out: when the socket closes, the
    // server has finished with the request too, so a test may stop it at once.
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { ...headers, connection: 'close' }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        request.on('close', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
