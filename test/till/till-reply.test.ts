import { describe, expect, it } from 'vitest';
import { answerTill, type ReplyEnv } from '../../app/till/till-reply.ts';

/** A window that records what is posted to it. */
function fakeWindow() {
  const posted: { message: unknown; origin: string }[] = [];
  return { posted, postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) };
}

/** This app's window: its parent and its message listeners, with a way to deliver a message. */
function frameOf(parent: unknown) {
  const self = fakeWindow();
  const listeners = new Set<(event: MessageEvent) => void>();
  const env: ReplyEnv = {
    self,
    parent,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const deliver = (source: unknown, origin: string, data: unknown = 'sale?') => {
    for (const listener of listeners) listener({ source, origin, data } as MessageEvent);
  };
  return { env, self, listeners, deliver };
}

describe('answerTill', () => {
  it("answers the framing window's message to its source at its origin, with the sale's string", () => {
    // "e.source.postMessage(JSON.stringify(tillData), e.origin)" (Epos Now's developer page).
    const till = fakeWindow();
    const { env, deliver } = frameOf(till);
    let asked = 0;
    answerTill(env, () => `{"Products":[],"n":${++asked}}`);
    deliver(till, 'https://till.eposnowhq.com', { anything: 'the till sends' });
    expect(till.posted).toEqual([{ message: '{"Products":[],"n":1}', origin: 'https://till.eposnowhq.com' }]);
    // Each ask is answered, with what the sale holds then.
    deliver(till, 'https://till.eposnowhq.com');
    expect(till.posted[1]).toEqual({ message: '{"Products":[],"n":2}', origin: 'https://till.eposnowhq.com' });
  });

  it('ignores any other window, whatever origin it claims, without asking for the sale', () => {
    const till = fakeWindow();
    const other = fakeWindow();
    const { env, self, deliver } = frameOf(till);
    let asked = 0;
    answerTill(env, () => String(++asked));
    // Another frame or a popup on the till's own origin: the origin string alone proves nothing.
    deliver(other, 'https://till.eposnowhq.com');
    // This app's own window (a message it posted to itself).
    deliver(self, 'https://app.example');
    // A message with no window behind it (a MessagePort, a worker).
    deliver(null, 'https://till.eposnowhq.com');
    expect(asked).toBe(0);
    expect(other.posted).toEqual([]);
    expect(self.posted).toEqual([]);
    expect(till.posted).toEqual([]);
  });

  it('does not answer on a top-level page, where the parent is the page itself', () => {
    const { env, self, deliver } = frameOf(null);
    const top: ReplyEnv = { ...env, parent: self };
    let asked = 0;
    answerTill(top, () => String(++asked));
    deliver(self, 'https://app.example');
    expect(asked).toBe(0);
    expect(self.posted).toEqual([]);
  });

  it('does not answer a parent whose origin is opaque: a reply could only go to "*"', () => {
    const till = fakeWindow();
    const { env, deliver } = frameOf(till);
    let asked = 0;
    answerTill(env, () => String(++asked));
    deliver(till, 'null');
    expect(asked).toBe(0);
    expect(till.posted).toEqual([]);
  });

  it('stops answering when stopped', () => {
    const till = fakeWindow();
    const { env, listeners, deliver } = frameOf(till);
    const stop = answerTill(env, () => 'sale');
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
    deliver(till, 'https://till.eposnowhq.com');
    expect(till.posted).toEqual([]);
  });
});
