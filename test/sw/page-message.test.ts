/** What the worker makes of a page's message, including those of pages a version behind. */
import { describe, expect, it } from 'vitest';
import { hotIds, readPageMessage } from '../../sw/page-message.ts';

describe('a page message', () => {
  it('is read as sent under today\u2019s names', () => {
    expect(readPageMessage({ type: 'pull-if-stale', intervalMs: 60_000 })).toEqual({
      type: 'pull-if-stale',
      intervalMs: 60_000,
    });
    expect(readPageMessage({ type: 'send-now' })).toEqual({ type: 'send-now' });
  });

  it('from a page of the version before, under the pull\u2019s former names, is read under the new ones', () => {
    expect(readPageMessage({ type: 'sync-now' })).toEqual({ type: 'pull-now' });
    expect(readPageMessage({ type: 'sync-if-stale', intervalMs: 900_000 })).toEqual({
      type: 'pull-if-stale',
      intervalMs: 900_000,
    });
  });

  it('is nothing when it is not a message', () => {
    expect([null, undefined, 'pull-now', 3, {}, { type: 7 }].map(readPageMessage)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('hot product ids from a page', () => {
  it('keeps the positive whole numbers and refuses what is no list', () => {
    expect(hotIds([3, 0, -2, 1.5, '7', 2 ** 53, 12])).toEqual([3, 12]);
    expect([undefined, null, '1,2', { 0: 1 }].map(hotIds)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
