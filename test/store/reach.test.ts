import { describe, expect, it } from 'vitest';
import { readMeta } from '../../app/store/catalog.ts';
import { outOfReach, readReach, writeReach } from '../../app/store/reach.ts';
import type { KindMeta } from '../../app/store/schema.ts';
import { freshDb } from './fixture.ts';

describe('the stored reach state', () => {
  it('round-trips in meta without showing up as a kind', async () => {
    const db = await freshDb();
    expect(await readReach(db)).toBeUndefined();
    await writeReach(db, { state: 'refused', since: 5, lastAnsweredAt: 4 });
    expect(await readReach(db)).toEqual({ state: 'refused', since: 5, lastAnsweredAt: 4 });
    expect((await readMeta(db)).map((m) => m.kind)).not.toContain('reach');
  });

  it('reads the row a worker of an earlier version stored, under the key it has always had', async () => {
    const db = await freshDb();
    // The key is part of what is stored: an updated worker must find the outage its predecessor saw.
    await db.put('meta', { kind: 'reach', state: 'unreachable', since: 7 } as unknown as KindMeta);
    expect(await readReach(db)).toEqual({ state: 'unreachable', since: 7 });
    await writeReach(db, { state: 'reachable', since: 9 });
    expect(await db.get('meta', 'reach')).toEqual({ kind: 'reach', state: 'reachable', since: 9 });
  });

  it('is out of reach when unreachable, refused, or limited until a time still ahead', () => {
    expect(outOfReach(undefined, 10)).toBe(false);
    expect(outOfReach({ state: 'reachable', since: 1 }, 10)).toBe(false);
    expect(outOfReach({ state: 'unreachable', since: 1 }, 10)).toBe(true);
    expect(outOfReach({ state: 'refused', since: 1 }, 10)).toBe(true);
    expect(outOfReach({ state: 'limited', since: 1, until: 11 }, 10)).toBe(true);
    // The limit's time has passed: the next request tells, so a save waits for its answer again.
    expect(outOfReach({ state: 'limited', since: 1, until: 10 }, 10)).toBe(false);
  });
});
