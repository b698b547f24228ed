/**
 * A client that closes its connection before the whole answer is out (a pull that aborts its
 * other pages when one fails, a tab closed) is the client's choice, not a server failure: the
 * server does not log it as one. A compressed answer leaves later than a raw one, so it meets
 * such aborts more often.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

describe('a client that leaves mid-answer', () => {
  let server: RunningServer;
  let cancelled: () => void;
  const wasCancelled = new Promise<void>((resolve) => {
    cancelled = resolve;
  });

  beforeAll(async () => {
    server = await startServer({
      async api(request) {
        if (!request.url.endsWith('/endless')) return new Response('{}');
        // One chunk, then nothing until the reader goes away.
        return new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new Uint8Array(1000)),
            cancel: () => cancelled(),
          }),
        );
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('is not logged as a failure, and the server goes on answering', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port: server.port, path: '/api/endless' }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', reject);
        request.end();
      });
      await wasCancelled;
      // A later request, on a connection of its own, is answered after the server saw the first end.
      expect(await (await fetch(`${server.url}/api/next`)).text()).toBe('{}');
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
