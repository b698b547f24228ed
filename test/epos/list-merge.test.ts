import { describe, expect, it } from 'vitest';
import { mergeLists } from '../../app/epos/list-merge.ts';

describe('mergeLists', () => {
  it('keeps an addition here and a removal there', () => {
    expect(mergeLists([1, 2, 3], [1, 2, 3, 9], [1, 3])).toEqual([1, 3, 9]);
  });

  it('keeps a removal here and an addition there, in Epos Now’s order', () => {
    expect(mergeLists([1, 2, 3], [1, 3], [4, 1, 2, 3])).toEqual([4, 1, 3]);
  });

  it('adds once what both sides added', () => {
    expect(mergeLists([1], [1, 5], [1, 5, 6])).toEqual([1, 5, 6]);
  });

  it('leaves out what both sides removed, and what was removed there and kept here', () => {
    expect(mergeLists([1, 2, 3], [1, 3], [1, 3])).toEqual([1, 3]);
    expect(mergeLists([1, 2, 3], [1, 2, 3, 4], [1, 3])).toEqual([1, 3, 4]);
  });

  it('keeps an order Epos Now changed when this edit only added', () => {
    expect(mergeLists([1, 2, 3], [1, 2, 3, 4], [3, 2, 1])).toEqual([3, 2, 1, 4]);
  });

  it('leaves a reorder here of a list Epos Now changed to a person', () => {
    expect(mergeLists([1, 2, 3], [3, 2, 1], [1, 2, 3, 4])).toBeUndefined();
    expect(mergeLists([1, 2, 3], [2, 1], [1, 2])).toBeUndefined();
  });

  it('merges lists of scalars only: anything else is a person’s', () => {
    expect(mergeLists([{ a: 1 }], [{ a: 1 }, { b: 2 }], [])).toBeUndefined();
    // One object among scalars is enough.
    expect(mergeLists([1], [1, 2], [1, { b: 2 }])).toBeUndefined();
    expect(mergeLists(undefined, [1], [2])).toBeUndefined();
    expect(mergeLists([1], 'x', [2])).toBeUndefined();
    expect(mergeLists([1], [1, 2], { 0: 1 })).toBeUndefined();
    expect(mergeLists(['a', null, true], ['a', null, true, 'b'], ['a', true])).toEqual(['a', true, 'b']);
  });
});
