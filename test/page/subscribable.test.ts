/** The page's one holder of a value the screens follow. */
import { describe, expect, it } from 'vitest';
import { createHolder } from '../../app/page/subscribable.ts';

describe('a holder', () => {
  it('gives its value, tells every listener of a change, and stops telling one that unsubscribed', () => {
    const holder = createHolder({ n: 1 });
    const heard: string[] = [];
    const stopA = holder.subscribe(() => heard.push(`a${holder.get().n}`));
    holder.subscribe(() => heard.push(`b${holder.get().n}`));
    holder.set({ n: 2 });
    stopA();
    holder.set({ n: 3 });
    expect(heard).toEqual(['a2', 'b2', 'b3']);
    expect(holder.get()).toEqual({ n: 3 });
  });
});
