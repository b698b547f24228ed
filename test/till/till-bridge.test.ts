import { describe, expect, it } from 'vitest';
import { type FrameEnv, findTill } from '../../app/till/till-bridge.ts';

const self = {};
const parent = { postMessage: () => undefined } as Pick<Window, 'postMessage'>;
const framed = (change: Partial<FrameEnv>): FrameEnv => ({
  self,
  parent,
  ancestorOrigins: undefined,
  referrer: '',
  ...change,
});

describe('findTill', () => {
  it("takes the parent's origin from ancestorOrigins, before the referrer", () => {
    expect(
      findTill(
        framed({
          ancestorOrigins: ['https://till.eposnowhq.com', 'https://outer.example'],
          referrer: 'https://other.example/page',
        }),
      ),
    ).toEqual({ ok: true, target: parent, origin: 'https://till.eposnowhq.com' });
  });

  it('falls back on the referrer where ancestorOrigins is missing (Firefox)', () => {
    expect(findTill(framed({ referrer: 'https://till.eposnowhq.com/Till/Index?x=1#y' }))).toEqual({
      ok: true,
      target: parent,
      origin: 'https://till.eposnowhq.com',
    });
    expect(findTill(framed({ ancestorOrigins: [], referrer: 'http://127.0.0.1:8080/till' }))).toMatchObject({
      ok: true,
      origin: 'http://127.0.0.1:8080',
    });
  });

  it('refuses a top-level page', () => {
    const alone = findTill({
      self,
      parent: self as Pick<Window, 'postMessage'>,
      ancestorOrigins: [],
      referrer: 'https://till.eposnowhq.com/',
    });
    expect(alone).toEqual({
      ok: false,
      reason: 'Send to till works only inside the Epos Now till: this page was opened on its own.',
    });
    expect(findTill(framed({ parent: null })).ok).toBe(false);
  });

  it("refuses a parent whose origin is hidden: 'null', no referrer, or one that does not parse", () => {
    for (const env of [
      framed({ ancestorOrigins: ['null'] }),
      framed({ referrer: '' }),
      framed({ referrer: 'not a url' }),
      framed({ ancestorOrigins: [''] }),
    ]) {
      expect(findTill(env)).toEqual({
        ok: false,
        reason: 'The page that opened this app hides its address, so the basket cannot be sent to it safely.',
      });
    }
    // A sandboxed parent's referrer origin is 'null' too.
    expect(findTill(framed({ referrer: 'data:text/html,<iframe>' })).ok).toBe(false);
  });
});
