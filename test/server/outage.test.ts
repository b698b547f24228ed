/**
 * The outage proxy over real loopback sockets, in front of an echo server that records what
 * reached it: bytes pass, are held (new and open connections), flow again, or are reset.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OutageProxy, startOutageProxy } from './outage.ts';

/** How long silence must last to count as "nothing came": well past a loopback round trip. */
const SILENCE_MS = 300;
/** How long a byte or an event gets to arrive on loopback. */
const ARRIVE_MS = 2_000;

/** A client connection and everything it has received. */
interface Client {
  socket: Socket;
  received(): string;
  /** Resolves with the error code the connection ended with, or 'closed' for a clean close. */
  ended: Promise<string>;
}

describe('outage proxy', () => {
  let target: Server;
  let targetPort = 0;
  /** Every byte that reached the target, in order. */
  let reached = '';
  let targetConnections = 0;
  let proxy: OutageProxy;
  const clients: Socket[] = [];

  beforeAll(async () => {
    target = createServer((socket) => {
      targetConnections += 1;
      socket.on('data', (chunk) => {
        reached += chunk.toString();
        socket.write(chunk);
      });
      socket.on('error', (error) => {
        // Resets are what these tests make; anything else is a fault in the test.
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    if (address === null || typeof address === 'string') throw new Error('echo server: no TCP address');
    targetPort = address.port;
  });

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await proxy?.close();
    reached = '';
    targetConnections = 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => target.close((error) => (error ? reject(error) : resolve())));
  });

  const open = async (): Promise<Client> => {
    const socket = connect(proxy.port, '127.0.0.1');
    clients.push(socket);
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      socket.on('close', () => resolve('closed'));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return { socket, received: () => text, ended };
  };

  it('in pass, bytes go both ways', async () => {
    proxy = await startOutageProxy(targetPort);
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`);
    const client = await open();
    client.socket.write('ping');
    await until(() => client.received() === 'ping');
    expect(reached).toBe('ping');
    expect(proxy.openConnections()).toBe(1);
  });

  it('in blackhole, a new connection is accepted and nothing reaches the target or comes back', async () => {
    proxy = await startOutageProxy(targetPort);
    proxy.set('blackhole');
    const client = await open();
    client.socket.write('lost');
    await sleep(SILENCE_MS);
    expect(client.received()).toBe('');
    expect(reached).toBe('');
    expect(targetConnections).toBe(0);
    expect(proxy.openConnections()).toBe(1);
  });

  it('in blackhole, a connection opened before the outage stops passing bytes, and flows again in pass', async () => {
    proxy = await startOutageProxy(targetPort);
    const client = await open();
    client.socket.write('before;');
    await until(() => client.received() === 'before;');

    proxy.set('blackhole');
    client.socket.write('during;');
    await sleep(SILENCE_MS);
    expect(reached).toBe('before;');
    expect(client.received()).toBe('before;');

    // As TCP retransmits when a line comes back: the held bytes are delivered, nothing is lost.
    proxy.set('pass');
    await until(() => client.received() === 'before;during;');
    expect(reached).toBe('before;during;');
  });

  it('a connection made during blackhole reaches the target once the link passes again', async () => {
    proxy = await startOutageProxy(targetPort);
    proxy.set('blackhole');
    const client = await open();
    client.socket.write('held');
    await sleep(SILENCE_MS);
    expect(targetConnections).toBe(0);
    proxy.set('pass');
    await until(() => client.received() === 'held');
    expect(targetConnections).toBe(1);
  });

  it('in reset, a new connection is reset before any byte reaches the target', async () => {
    proxy = await startOutageProxy(targetPort);
    proxy.set('reset');
    const socket = connect(proxy.port, '127.0.0.1');
    clients.push(socket);
    const code = await new Promise<string>((resolve) => {
      socket.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      socket.on('close', () => resolve('closed'));
      socket.on('connect', () => socket.write('refused'));
    });
    expect(code).toBe('ECONNRESET');
    expect(reached).toBe('');
    expect(targetConnections).toBe(0);
  });

  it('switching to reset resets connections already open, and held ones', async () => {
    proxy = await startOutageProxy(targetPort);
    const open1 = await open();
    open1.socket.write('a');
    await until(() => open1.received() === 'a');
    proxy.set('blackhole');
    const held = await open();
    proxy.set('reset');
    expect(await within(open1.ended)).toBe('ECONNRESET');
    expect(await within(held.ended)).toBe('ECONNRESET');
    expect(proxy.openConnections()).toBe(0);
  });

  it('back in pass after a reset, new connections work', async () => {
    proxy = await startOutageProxy(targetPort);
    proxy.set('reset');
    proxy.set('pass');
    const client = await open();
    client.socket.write('again');
    await until(() => client.received() === 'again');
    expect(proxy.mode()).toBe('pass');
  });

  it('close() cuts every connection, held or flowing', async () => {
    proxy = await startOutageProxy(targetPort);
    const flowing = await open();
    proxy.set('blackhole');
    const held = await open();
    await proxy.close();
    expect(await within(flowing.ended)).toBe('ECONNRESET');
    expect(await within(held.ended)).toBe('ECONNRESET');
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `done` every 10 ms; fails after ARRIVE_MS. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + ARRIVE_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ARRIVE_MS} ms`);
    await sleep(10);
  }
}

/** The promise's value, or a failure after ARRIVE_MS. */
function within<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ARRIVE_MS} ms`)), ARRIVE_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
