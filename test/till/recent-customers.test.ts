import { describe, expect, it } from 'vitest';
import {
  type CustomerSummary,
  RECENT_CUSTOMERS_KEY,
  recentCustomers,
  rememberCustomer,
} from '../../app/till/recent-customers.ts';
import { memoryStorage } from '../ui/till/fixture.ts';

const who = (id: number, name: string | null = `Person ${id}`): CustomerSummary => ({
  id,
  name,
  phone: `07700 900${String(id).padStart(3, '0')}`,
  card: null,
});

describe('the customers this till knows recently', () => {
  it('keeps the last one remembered first, each once, with its newest details', () => {
    const storage = memoryStorage();
    expect(recentCustomers(storage)).toEqual([]);
    rememberCustomer(who(7), storage);
    rememberCustomer(who(9), storage);
    rememberCustomer({ ...who(7), name: 'Ada Lovelace' }, storage);
    expect(recentCustomers(storage)).toEqual([{ ...who(7), name: 'Ada Lovelace' }, who(9)]);
  });

  it('keeps 50 at most, dropping the longest unused', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 60; id++) rememberCustomer(who(id), storage);
    const kept = recentCustomers(storage);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.id).toBe(60);
    expect(kept.at(-1)?.id).toBe(11);
  });

  it('keeps only a customer\u2019s id, name, phone and card: nothing else that came with the record', () => {
    const storage = memoryStorage();
    rememberCustomer({ ...who(3), token: 'c2VjcmV0', Notes: 'Nut allergy' } as CustomerSummary, storage);
    expect(JSON.parse(storage.items.get(RECENT_CUSTOMERS_KEY) ?? '')).toEqual([who(3)]);
  });

  it('never keeps an id the API cannot have (a create still waiting for its id)', () => {
    const storage = memoryStorage();
    rememberCustomer(who(-1), storage);
    rememberCustomer(who(0), storage);
    expect(recentCustomers(storage)).toEqual([]);
  });

  it('reads something else kept under its key as none, and skips entries that are not customers', () => {
    for (const junk of ['not json', '{"id":1}', 'null', '[1,{"id":"2"},{"id":4,"name":5},{"id":5,"name":null}]']) {
      const storage = memoryStorage();
      storage.items.set(RECENT_CUSTOMERS_KEY, junk);
      expect(recentCustomers(storage), junk).toEqual(
        junk.startsWith('[') ? [{ id: 5, name: null, phone: null, card: null }] : [],
      );
      rememberCustomer(who(1), storage);
      expect(recentCustomers(storage)[0], junk).toEqual(who(1));
    }
  });

  it('a full or blocked storage loses the memory, not the sale; other errors are not hidden', () => {
    const storage = memoryStorage();
    storage.failWith = new DOMException('full', 'QuotaExceededError');
    expect(() => rememberCustomer(who(1), storage)).not.toThrow();
    expect(recentCustomers(storage)).toEqual([]);
    storage.failWith = new TypeError('a bug');
    expect(() => rememberCustomer(who(1), storage)).toThrow('a bug');
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(recentCustomers(blocked)).toEqual([]);
  });
});
