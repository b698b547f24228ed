import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { Product } from '../../app/epos/records.ts';
import { fold } from '../../app/search/fold.ts';
import {
  createSearchIndex,
  DEFAULT_LIMIT,
  type SearchIndex,
  type TillProduct,
  tillProduct,
} from '../../app/search/index.ts';
import { mulberry32, pick } from '../standin/prng.ts';
import { product, seededProducts } from './fixture.ts';
import { CODE_FIELDS, randomQuery } from './queries.ts';

const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

function idOf(record: TillProduct): number {
  const id = recordId('Product', record);
  if (id === undefined) throw new TypeError(`no id on ${record.Name}`);
  return id;
}

const ids = (found: readonly TillProduct[]): number[] => found.map(idOf);
const names = (found: readonly TillProduct[]): string[] => found.map((record) => record.Name);

/**
 * The search rules written the slow, obvious way, to hold the index to: every word somewhere;
 * 0 whole query is a code, 1 starts a name word, 2 starts a code word, 3 inside the name,
 * 4 inside a code; worst word decides; then folded name, then id.
 */
function reference(products: readonly Product[]): (query: string, limit?: number) => Product[] {
  const prepared = products.map((record) => {
    const name = fold(record.Name);
    const codes = CODE_FIELDS.map((field) =>
      fold(String(record[field] ?? ''))
        .trim()
        .replace(/\s+/g, ' '),
    ).filter(Boolean);
    return {
      record,
      name,
      codes,
      id: idOf(record),
      nameWords: name.split(NOT_WORD),
      codeWords: codes.flatMap((code) => code.split(NOT_WORD)),
    };
  });
  return (query, limit = DEFAULT_LIMIT) => {
    const whole = fold(query).trim().replace(/\s+/g, ' ');
    const terms = [...new Set(whole.split(NOT_WORD).filter(Boolean))];
    if (terms.length === 0) return [];
    const scored: { score: number; item: (typeof prepared)[number] }[] = [];
    for (const item of prepared) {
      let score = 1;
      if (item.codes.includes(whole)) score = 0;
      else {
        for (const term of terms) {
          const found = item.nameWords.some((word) => word.startsWith(term))
            ? 1
            : item.codeWords.some((word) => word.startsWith(term))
              ? 2
              : item.name.includes(term)
                ? 3
                : item.codes.some((code) => code.includes(term))
                  ? 4
                  : 5;
          score = Math.max(score, found);
        }
      }
      if (score < 5) scored.push({ score, item });
    }
    scored.sort(
      (a, b) =>
        a.score - b.score || (a.item.name < b.item.name ? -1 : a.item.name > b.item.name ? 1 : a.item.id - b.item.id),
    );
    return scored.slice(0, limit).map(({ item }) => item.record);
  };
}

describe('search', () => {
  const catalog = [
    product(1, 'Crème Brûlée', { Barcode: '5000000000017', Sku: 'CB-1' }),
    product(2, 'Jalapeño Poppers', { Sku: 'HOT-22' }),
    product(3, 'Oat Flat White 12oz', { Sku: 'COF-3' }),
    product(4, 'Flat White 8oz', { Sku: 'COF-4' }),
    product(5, 'Steak Pie', { Sku: 'PIE-5' }),
    product(6, 'Earl Grey Tea', { Sku: 'TEA-6' }),
    product(7, 'Tea Cake', { Sku: 'CAKE-7' }),
    product(8, 'Biscuit', { Sku: 'TEAB-8', ArticleCode: 'ART-77', OrderCode: 'SUP-0042' }),
    product(9, 'Straße Brot', { Sku: 'SB-9' }),
    product(10, 'Smørrebrød', { Sku: 'SM-10' }),
    product(11, 'Æbleskiver', { Sku: 'AE-11' }),
    product(12, "Nando's Sauce", { Sku: 'NS-12' }),
  ];
  const index = createSearchIndex(catalog);

  it('ignores case and accents, and folds ß, æ, ø and apostrophes', () => {
    expect(names(index.search('creme brulee'))).toEqual(['Crème Brûlée']);
    expect(names(index.search('CRÈME'))).toEqual(['Crème Brûlée']);
    expect(names(index.search('JALAP'))).toEqual(['Jalapeño Poppers']);
    expect(names(index.search('strasse'))).toEqual(['Straße Brot']);
    expect(names(index.search('smorrebrod'))).toEqual(['Smørrebrød']);
    expect(names(index.search('aebleskiver'))).toEqual(['Æbleskiver']);
    expect(names(index.search('nandos'))).toEqual(["Nando's Sauce"]);
  });

  it('needs every word, in any order', () => {
    expect(names(index.search('white oat'))).toEqual(['Oat Flat White 12oz']);
    expect(names(index.search('flat white'))).toEqual(['Flat White 8oz', 'Oat Flat White 12oz']);
    expect(index.search('white tea')).toEqual([]);
  });

  it('ranks word prefixes before substrings, the name before codes, then by name', () => {
    // Earl Grey Tea and Tea Cake start a word with "tea"; Biscuit's SKU does; Steak only holds it.
    expect(names(index.search('tea'))).toEqual(['Earl Grey Tea', 'Tea Cake', 'Biscuit', 'Steak Pie']);
    // Both only hold "at", so the folded name decides.
    expect(names(index.search('at'))).toEqual(['Flat White 8oz', 'Oat Flat White 12oz']);
  });

  it('puts an exact code first and finds every code field', () => {
    expect(names(index.search('tea-6'))).toEqual(['Earl Grey Tea']);
    expect(names(index.search(' TEAB-8 '))).toEqual(['Biscuit']);
    expect(names(index.search('5000000000017'))).toEqual(['Crème Brûlée']);
    expect(names(index.search('50000'))).toEqual(['Crème Brûlée']);
    expect(names(index.search('art-77'))).toEqual(['Biscuit']);
    expect(names(index.search('0042'))).toEqual(['Biscuit']);
    expect(names(index.search('up-004'))).toEqual(['Biscuit']);
    const codes = createSearchIndex([product(1, 'Aaa', { Sku: 'X-10' }), product(2, 'Bbb', { Sku: 'X-1' })]);
    expect(names(codes.search('x-1'))).toEqual(['Bbb', 'Aaa']);
  });

  it('does not search the description', () => {
    const described = createSearchIndex([product(1, 'Scone', { Description: 'Contains nuts.' })]);
    expect(described.search('nuts')).toEqual([]);
  });

  it('gives nothing for a blank query and honours the limit', () => {
    expect(index.search('')).toEqual([]);
    expect(index.search('   \t ')).toEqual([]);
    expect(index.search('-- &')).toEqual([]);
    const many = createSearchIndex(seededProducts(400));
    expect(many.search('a')).toHaveLength(DEFAULT_LIMIT);
    expect(many.search('a', 3)).toEqual(many.search('a').slice(0, 3));
    expect(many.search('a', 0)).toEqual([]);
    expect(many.search('a', Infinity).length).toBeGreaterThan(DEFAULT_LIMIT);
  });

  it('keeps only what the till reads of a product, one object per product', () => {
    const found = index.search('biscuit')[0];
    expect(found).toEqual({
      ProductID: 8,
      Name: 'Biscuit',
      SalePrice: null,
      EatOutPrice: null,
      Barcode: null,
      Sku: 'TEAB-8',
      ArticleCode: 'ART-77',
      OrderCode: 'SUP-0042',
    });
    expect(found).not.toHaveProperty('Description');
    expect(found).not.toBe(catalog[7]);
    expect(index.get(8)).toBe(found);
    expect(index.search('teab-8')[0]).toBe(found);
  });
});

describe('byBarcode', () => {
  const index = createSearchIndex([
    product(1, 'Cola', { Barcode: '5012345678900' }),
    product(2, 'Imported Cola', { Barcode: '012345678905' }),
    product(3, 'Cola Zero', { Barcode: 'ABC-123', Sku: '5012345678900-X' }),
  ]);

  it('finds the exact barcode, trimmed', () => {
    expect(index.byBarcode('5012345678900')?.Name).toBe('Cola');
    expect(index.byBarcode(' 5012345678900\n')?.Name).toBe('Cola');
    expect(index.byBarcode('ABC-123')?.Name).toBe('Cola Zero');
  });

  it('meets a UPC-A code and its EAN-13 spelling', () => {
    expect(index.byBarcode('0012345678905')?.Name).toBe('Imported Cola');
    expect(index.byBarcode('012345678905')?.Name).toBe('Imported Cola');
  });

  it('never matches part of a barcode or another code field', () => {
    expect(index.byBarcode('501234567890')).toBeUndefined();
    expect(index.byBarcode('5012345678900-X')).toBeUndefined();
    expect(index.byBarcode('')).toBeUndefined();
  });
});

describe('changes', () => {
  it('upsert renames a product: the old name no longer finds it', () => {
    const index = createSearchIndex([product(1, 'Victoria Sponge'), product(2, 'Carrot Cake')]);
    index.upsert([product(1, 'Lemon Drizzle', { Barcode: '5000000000024' })]);
    expect(index.search('victoria')).toEqual([]);
    expect(names(index.search('lemon'))).toEqual(['Lemon Drizzle']);
    expect(index.byBarcode('5000000000024')?.Name).toBe('Lemon Drizzle');
    expect(index.size).toBe(2);
    index.upsert([product(3, 'Banana Bread')]);
    expect(index.size).toBe(3);
    expect(names(index.search('b'))).toEqual(['Banana Bread']);
  });

  it('upsert replaces codes, and the last of one id in a batch wins', () => {
    const index = createSearchIndex([product(1, 'Brownie', { Barcode: '5000000000031', Sku: 'OLD-1' })]);
    index.upsert([product(1, 'Brownie', { Sku: 'MID-2' }), product(1, 'Brownie', { Sku: 'NEW-3' })]);
    expect(index.byBarcode('5000000000031')).toBeUndefined();
    expect(index.search('old')).toEqual([]);
    expect(index.search('mid')).toEqual([]);
    expect(names(index.search('new-3'))).toEqual(['Brownie']);
    expect(index.size).toBe(1);
  });

  it('remove drops products and ignores unknown ids', () => {
    const index = createSearchIndex([product(1, 'Flapjack', { Barcode: '5000000000048' }), product(2, 'Flat White')]);
    expect(index.ids()).toEqual([1, 2]);
    index.remove([1, 99]);
    expect(index.ids()).toEqual([2]);
    expect(names(index.search('fla'))).toEqual(['Flat White']);
    expect(index.byBarcode('5000000000048')).toBeUndefined();
    expect(index.size).toBe(1);
    index.upsert([product(3, 'Flapjack Bites')]);
    expect(names(index.search('fla'))).toEqual(['Flapjack Bites', 'Flat White']);
    expect(index.ids()).toEqual([3, 2]);
  });

  it('ids gives the first ids in name order when given a limit, every one without', () => {
    const index = createSearchIndex([product(1, 'Scone'), product(2, 'Brownie'), product(3, 'Flapjack')]);
    expect(index.ids()).toEqual([2, 3, 1]);
    expect(index.ids(2)).toEqual([2, 3]);
    expect(index.ids(5)).toEqual([2, 3, 1]);
    expect(index.ids(0)).toEqual([]);
  });

  it('a letter searched again after a change finds what changed (one-letter results are kept until then)', () => {
    const index = createSearchIndex([product(1, 'Banana Bread'), product(2, 'Carrot Cake')]);
    expect(names(index.search('b'))).toEqual(['Banana Bread']);
    expect(names(index.search('b'))).toEqual(['Banana Bread']);
    index.upsert([product(3, 'Bagel')]);
    expect(names(index.search('b'))).toEqual(['Bagel', 'Banana Bread']);
    expect(names(index.search('b', 1))).toEqual(['Bagel']);
    index.remove([1]);
    expect(names(index.search('b'))).toEqual(['Bagel']);
    index.upsert([product(3, 'Scone')]);
    expect(index.search('b')).toEqual([]);
    expect(names(index.search('B'))).toEqual([]);
    // From a kept letter, the next one still narrows to the right products.
    index.upsert([product(4, 'Brownie'), product(5, 'Brioche')]);
    expect(names(index.search('b'))).toEqual(['Brioche', 'Brownie']);
    expect(names(index.search('b'))).toEqual(['Brioche', 'Brownie']);
    expect(names(index.search('bro'))).toEqual(['Brownie']);
  });

  it('warm looks a letter up ahead, as its search would, and keeps it until a change', () => {
    const products = [product(1, 'Banana Bread'), product(2, 'Carrot Cake'), product(3, 'Éclair')];
    const index = createSearchIndex(products);
    expect(index.warm('b')).toBe(true);
    // Kept: folded, "B" is the same letter.
    expect(index.warm('B')).toBe(false);
    expect(names(index.search('b'))).toEqual(['Banana Bread']);
    expect(index.warm('É')).toBe(true);
    expect(names(index.search('e'))).toEqual(['Éclair', 'Banana Bread', 'Carrot Cake']);
    expect(index.search('e')).toEqual(createSearchIndex(products).search('e'));
    // Another limit is another lookup.
    expect(index.warm('b', 1)).toBe(true);
    expect(names(index.search('b', 1))).toEqual(['Banana Bread']);
    for (const notALetter of ['', 'ba', '-', ' ']) expect(index.warm(notALetter), notALetter).toBe(false);
    expect(index.warm('c', 0)).toBe(false);
    index.upsert([product(4, 'Bagel')]);
    expect(index.warm('b')).toBe(true);
    expect(names(index.search('b'))).toEqual(['Bagel', 'Banana Bread']);
  });

  it('still finds codes by substring after every product was replaced many times', () => {
    const products = seededProducts(30);
    const index = createSearchIndex(products);
    for (let round = 1; round <= 4; round++) {
      index.upsert(products.map((record) => ({ ...record, Sku: `R${round}-${String(record.Sku)}` })));
      const target = products[round] as Product;
      expect(ids(index.search(`${round}-${String(target.Sku).slice(2)}`)), `round ${round}`).toEqual([idOf(target)]);
      expect(index.search(`r${round - 1}-`)).toEqual([]);
    }
    expect(index.size).toBe(30);
  });

  it('keeps products not sold on the till: the screen decides what to show', () => {
    const index = createSearchIndex([product(1, 'Gift Card', { SellOnTill: false })]);
    expect(names(index.search('gift'))).toEqual(['Gift Card']);
  });

  it('refuses a product without an id and leaves the index as it was', () => {
    const index = createSearchIndex([product(1, 'Bagel')]);
    const nameless = { ...product(2, 'Pretzel'), ProductID: undefined };
    expect(() => index.upsert([product(3, 'Muffin'), nameless])).toThrow(TypeError);
    expect(index.size).toBe(1);
    expect(index.search('muffin')).toEqual([]);
  });

  it('stays correct after many small changes', () => {
    const products = seededProducts(600);
    const index = createSearchIndex(products);
    const random = mulberry32(7);
    const live = new Map(products.map((record) => [idOf(record), record]));
    for (let round = 0; round < 40; round++) {
      const id = 1 + Math.floor(random() * 700);
      if (random() < 0.3) {
        index.remove([id]);
        live.delete(id);
      } else {
        const donor = pick(random, products);
        const changed = {
          ...donor,
          ProductID: id,
          Name: `${pick(random, ['Hot', 'Iced', 'Mini'])} ${donor.Name}`,
          Sku: `NEW-${id}`,
        };
        index.upsert([changed]);
        live.set(id, changed);
      }
    }
    const expected = reference([...live.values()]);
    expect(index.size).toBe(live.size);
    for (const query of ['hot', 'iced lat', 'mini cro', 'new-1', 'sku-00', 'tea', 'a0005', 'x']) {
      expect(ids(index.search(query)), query).toEqual(ids(expected(query)));
    }
    for (let n = 0; n < 100; n++) {
      const query = randomQuery(random, [...live.values()]);
      expect(ids(index.search(query)), query).toEqual(ids(expected(query)));
    }
    // Donors lend their barcodes, so some are shared: the first by name wins.
    for (const record of live.values()) {
      const first = expected(String(record.Barcode), Infinity).find((other) => other.Barcode === record.Barcode);
      expect(index.byBarcode(String(record.Barcode)), String(record.Barcode)).toEqual(first && tillProduct(first));
    }
  });
});

describe('tillProduct', () => {
  it('copies the ids, name, prices and codes a record has, and nothing else', () => {
    const record = product(5, 'Steak Pie', {
      SalePrice: 4.5,
      EatOutPrice: 0,
      Sku: 'PIE-5',
      Description: 'Beef',
      CostPrice: 2,
    });
    expect(tillProduct(record)).toEqual({
      ProductID: 5,
      Name: 'Steak Pie',
      SalePrice: 4.5,
      EatOutPrice: 0,
      Barcode: null,
      Sku: 'PIE-5',
      ArticleCode: null,
      OrderCode: null,
    });
    const sparse = tillProduct({ Id: 7, Name: 'Scone', ProductID: undefined, Barcode: 501 } as unknown as TillProduct);
    expect(sparse).toEqual({ Id: 7, Name: 'Scone', Barcode: 501 });
    expect(Object.keys(sparse)).toEqual(['Id', 'Name', 'Barcode']);
  });

  it('keeps no price that is not finite or whose minor units would not fit a safe integer: the product has no price', () => {
    // A JSON number too large for a double parses to Infinity.
    const parsed = JSON.parse(
      '{"ProductID": 9, "Name": "Overflow", "SalePrice": 1e309, "EatOutPrice": 2.5}',
    ) as Product;
    const absurd = [1e308, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 1e20, -1e20];
    const records = [
      parsed,
      ...absurd.map((price, n) => product(20 + n, `Absurd ${n}`, { SalePrice: 1, EatOutPrice: price })),
    ];
    const index = createSearchIndex(records);
    expect(index.get(9)).toMatchObject({ SalePrice: null, EatOutPrice: 2.5 });
    for (const [n] of absurd.entries()) expect(index.get(20 + n)).toMatchObject({ SalePrice: 1, EatOutPrice: null });
    // The largest sane price stays, to the penny.
    expect(tillProduct(product(30, 'Yacht', { SalePrice: 9_999_999_999.99 })).SalePrice).toBe(9_999_999_999.99);
  });

  it('is what the index keeps and answers with, whether given records or projections', () => {
    const records = seededProducts(50);
    const fromRecords = createSearchIndex(records);
    const fromProjections = createSearchIndex(records.map(tillProduct));
    for (const record of records) {
      expect(fromRecords.get(idOf(record))).toEqual(tillProduct(record));
      expect(fromProjections.get(idOf(record))).toEqual(tillProduct(record));
    }
    expect(fromRecords.search('a', Infinity)).toEqual(fromProjections.search('a', Infinity));
  });
});

describe('id styles', () => {
  it('indexes contract-style (Id) records as it does V2 (ProductID) ones', () => {
    const v2 = createSearchIndex(seededProducts(300));
    const contract = createSearchIndex(seededProducts(300, { idStyle: 'contract' }));
    for (const query of ['latte', 'sku-0001', 'brie', 'a00029']) {
      expect(ids(contract.search(query)), query).toEqual(ids(v2.search(query)));
    }
    const [first] = seededProducts(1, { idStyle: 'contract' });
    expect(first?.Id).toBe(1);
    contract.upsert([{ ...(first as Product), Name: 'Renamed Special' }]);
    expect(contract.size).toBe(300);
    expect(contract.search('renamed special').map((record) => record.Id)).toEqual([1]);
  });

  it('holds both styles in one index, one id space', () => {
    const index = createSearchIndex([product(1, 'Latte'), { ...product(0, 'Mocha'), ProductID: undefined, Id: 2 }]);
    index.upsert([{ ...product(0, 'Iced Mocha'), ProductID: undefined, Id: 2 }]);
    expect(index.size).toBe(2);
    expect(ids(index.search('mocha'))).toEqual([2]);
    expect(names(index.search('mocha'))).toEqual(['Iced Mocha']);
    index.remove([2]);
    expect(names(index.search('mocha'))).toEqual([]);
  });
});

describe('typing', () => {
  it('letter by letter gives what a fresh search and the plain rules give, over 3,000 products, letters warmed between', () => {
    const products = seededProducts(3000);
    const typed = createSearchIndex(products);
    const fresh = createSearchIndex(products);
    const expected = reference(products);
    const random = mulberry32(2024);
    // Letters looked up ahead between keystrokes, as the till does when idle, change no answer.
    const idle = mulberry32(7);
    let checked = 0;
    for (let n = 0; n < 150; n++) {
      const query = randomQuery(random, products);
      const limit = pick(random, [DEFAULT_LIMIT, DEFAULT_LIMIT, 10, Infinity]);
      const keystrokes = [...query].map((_, i) => query.slice(0, i + 1));
      // Backspacing makes the query wider again, which must not reuse the narrower results.
      if (query.length > 3) keystrokes.push(query.slice(0, -2), query);
      for (const text of keystrokes) {
        const want = ids(expected(text, limit));
        expect(ids(typed.search(text, limit)), JSON.stringify(text)).toEqual(want);
        if (idle() < 0.5) typed.warm(pick(idle, [...'abcfstz019']), pick(idle, [DEFAULT_LIMIT, 10]));
        // A query no later one extends, so the next search starts from scratch.
        fresh.search('qqqqqqqq');
        expect(ids(fresh.search(text, limit)), JSON.stringify(text)).toEqual(want);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('50,000 products', () => {
  it('builds and answers correctly', () => {
    const products = seededProducts(50_000);
    const index: SearchIndex = createSearchIndex(products);
    expect(index.size).toBe(50_000);
    const target = products[31_336] as Product;
    expect(ids(index.search(target.Sku as string))[0]).toBe(31_337);
    expect(ids(index.search(target.Barcode as string))).toEqual([31_337]);
    expect(index.byBarcode(target.Barcode as string)).toEqual(tillProduct(target));
    const expected = reference(products);
    for (const query of ['creme brulee', 'oat flat white 12', 'jalap', 'sku-0499', '50', 'gruyère 2', 'ulee', 'x']) {
      expect(ids(index.search(query)), query).toEqual(ids(expected(query)));
    }
    index.remove([31_337]);
    expect(index.byBarcode(target.Barcode as string)).toBeUndefined();
    expect(index.size).toBe(49_999);
  });
});
