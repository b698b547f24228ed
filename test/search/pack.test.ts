import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { Product } from '../../app/epos/records.ts';
import {
  createSearchIndex,
  openSearchIndex,
  PACKED_SEARCH_VERSION,
  type PackedSearch,
  type SearchIndex,
  type TillProduct,
  tillProduct,
} from '../../app/search/index.ts';
import { oneByte } from '../../app/search/product-columns.ts';
import { mulberry32, pick } from '../standin/prng.ts';
import { product, seededProducts } from './fixture.ts';
import { randomQuery } from './queries.ts';

/** What IndexedDB does to a stored value. */
const stored = (packed: PackedSearch): PackedSearch => structuredClone(packed);

const reopened = (index: SearchIndex): SearchIndex => openSearchIndex(stored(index.pack()));

/** Prefixes, substrings, accents, codes, and short queries that match thousands. */
const QUERIES = [
  'creme brulee',
  'CRÈME',
  'crème brûlée',
  'flat white',
  'white flat',
  'oat flat white 12',
  'jalap',
  'jalapeño',
  'gruyère 2',
  'ulee',
  'latte',
  'sku-0',
  'sku-0012',
  'a0002',
  'art',
  '50',
  '501',
  'x',
  'a',
  'e',
  ' ',
  '-',
  'renamed',
  'new-',
  'upc',
];

/** Asserts that `actual` answers every query, barcode and id as `expected` does. */
function expectSameAnswers(
  actual: SearchIndex,
  expected: SearchIndex,
  products: readonly TillProduct[],
  seed: number,
): void {
  expect(actual.size).toBe(expected.size);
  expect(actual.ids()).toEqual(expected.ids());
  const random = mulberry32(seed);
  const queries = [...QUERIES, ...Array.from({ length: 150 }, () => randomQuery(random, products))];
  for (const query of queries) {
    const limit = pick(random, [50, 50, 7, Infinity]);
    expect(actual.search(query, limit), `${JSON.stringify(query)} limit ${limit}`).toEqual(
      expected.search(query, limit),
    );
  }
  for (const record of products) {
    const id = recordId('Product', record) as number;
    expect(actual.get(id), `get ${id}`).toEqual(expected.get(id));
    const barcode = record.Barcode;
    if (typeof barcode === 'string') expect(actual.byBarcode(barcode), barcode).toEqual(expected.byBarcode(barcode));
  }
  for (const code of ['012345678905', '0012345678905', ' 012345678905 ', '12345678905', '']) {
    expect(actual.byBarcode(code), code).toEqual(expected.byBarcode(code));
  }
}

/** V2-style products 1..count and contract-style ones from 10,001, a UPC-A barcode among them. */
function mixedCatalog(count: number): TillProduct[] {
  const contract = seededProducts(count / 4, { idStyle: 'contract', seed: 9 }).map((record) => ({
    ...record,
    Id: (record.Id as number) + 10_000,
  }));
  return [
    ...seededProducts(count),
    ...contract,
    product(20_000, 'Imported Cola', { Barcode: '012345678905', Sku: 'UPC-1' }),
  ];
}

/** Products with values of every kind a field can hold: null, absent, 0, -0, NaN, a number as a code, other types. */
const ODD: readonly TillProduct[] = [
  { ProductID: 1, Name: 'Plain', SalePrice: null, EatOutPrice: 0, Barcode: null, Sku: 'P-1' },
  {
    ProductID: 2,
    Name: 'Signed',
    SalePrice: -0,
    EatOutPrice: Number.NaN,
    Barcode: 5012345678900,
    Sku: '',
    ArticleCode: Number.NaN,
  } as unknown as TillProduct,
  { Id: 3, Name: '' },
  {
    ProductID: '4',
    Id: 40,
    Name: 'Quoted id',
    SalePrice: '1.50',
    Barcode: true,
    Sku: { code: 'x' },
  } as unknown as TillProduct,
  {
    ProductID: 5,
    Name: 'Line\nbreak, emoji 😀 and a lone \ud800 half',
    SalePrice: 1e21,
    EatOutPrice: -2.5,
    OrderCode: 'Ünïcödé ß',
  },
  { ProductID: 6, Name: null, ArticleCode: 'ART 6' } as unknown as TillProduct,
];

describe('pack and open', () => {
  it('answers every query, barcode and id as the index it was packed from', () => {
    const products = mixedCatalog(2000);
    const built = createSearchIndex(products);
    const opened = reopened(built);
    expectSameAnswers(opened, built, products, 1);
    expect(opened.get(10_001)?.Id).toBe(10_001);
    expect(opened.get(10_001)).not.toHaveProperty('ProductID');
    expect(opened.get(20_000)?.Name).toBe('Imported Cola');
    expect(opened.byBarcode('0012345678905')?.Name).toBe('Imported Cola');
  });

  it('stays the same as the built index through upserts and removes on both sides, and packs again', () => {
    const products = mixedCatalog(1200);
    const built = createSearchIndex(products);
    const random = mulberry32(3);
    const live = new Map(products.map((record) => [recordId('Product', record) as number, record]));
    /** A batch of changes: renames, new codes, new products (some in freed slots), removals. */
    const change = (round: number): { upserts: TillProduct[]; removes: number[] } => {
      const upserts: TillProduct[] = [];
      const removes: number[] = [];
      for (let n = 0; n < 25; n++) {
        const donor = pick(random, products);
        const id = pick(random, [...live.keys()]);
        const roll = random();
        if (roll < 0.3) removes.push(id);
        else if (roll < 0.6) upserts.push({ ...(live.get(id) as TillProduct), Name: `Renamed ${round} ${donor.Name}` });
        else if (roll < 0.8)
          upserts.push({ ...(live.get(id) as TillProduct), Sku: `NEW-${round}-${n}`, Barcode: null });
        else upserts.push({ ...tillProduct(donor), ProductID: 30_000 + round * 100 + n, Id: undefined });
      }
      return { upserts, removes };
    };
    const apply = (
      indexes: SearchIndex[],
      { upserts, removes }: { upserts: TillProduct[]; removes: number[] },
    ): void => {
      for (const index of indexes) {
        index.remove(removes);
        index.upsert(upserts);
      }
      for (const id of removes) live.delete(id);
      for (const record of upserts) live.set(recordId('Product', record) as number, record);
    };
    apply([built], change(0));
    apply([built], change(1));
    const opened = reopened(built);
    expectSameAnswers(opened, built, [...live.values()], 2);
    for (let round = 2; round < 6; round++) apply([built, opened], change(round));
    // Removed ids come back, in slots freed before and after the pack.
    apply([built, opened], { upserts: products.slice(0, 40), removes: [] });
    expectSameAnswers(opened, built, [...live.values()], 4);
    // The same changes leave the same state: the packs match field for field.
    expect(opened.pack()).toEqual(built.pack());
    const again = reopened(opened);
    apply([built, again], change(7));
    expectSameAnswers(again, built, [...live.values()], 5);
  });

  it('keeps null, absent, 0, -0, NaN, numbers as codes and values of other types exactly', () => {
    const built = createSearchIndex(ODD);
    const opened = reopened(built);
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const want = built.get(id) as TillProduct;
      const got = opened.get(id) as TillProduct;
      expect(got, `id ${id}`).toEqual(want);
      expect(Object.keys(got), `id ${id}`).toEqual(Object.keys(want));
    }
    expect(opened.get(1)).toEqual({
      ProductID: 1,
      Name: 'Plain',
      SalePrice: null,
      EatOutPrice: 0,
      Barcode: null,
      Sku: 'P-1',
    });
    expect(opened.get(1)).not.toHaveProperty('ArticleCode');
    expect(Object.is(opened.get(2)?.SalePrice, -0)).toBe(true);
    // A NaN price is no price (see tillProduct); a NaN elsewhere is kept as it is.
    expect(opened.get(2)?.EatOutPrice).toBeNull();
    expect(opened.get(2)?.ArticleCode).toBeNaN();
    expect(opened.get(2)?.Barcode).toBe(5012345678900);
    expect(opened.get(3)).toEqual({ Id: 3, Name: '' });
    expect(opened.get(4)).toEqual({
      ProductID: '4',
      Id: 40,
      Name: 'Quoted id',
      SalePrice: '1.50',
      Barcode: true,
      Sku: { code: 'x' },
    });
    expect(opened.get(6)?.Name).toBeNull();
    expect(opened.search('5012345678900')).toEqual([opened.get(2)]);
    expect(opened.search('unicode ss')).toEqual([opened.get(5)]);
    expect(opened.search('art 6')).toEqual([opened.get(6)]);
    expect(opened.search('quoted')).toEqual([opened.get(4)]);
    expect(opened.byBarcode('5012345678900')).toBe(opened.get(2));
  });

  it('keeps the packed text one byte a character when some names have characters past U+00FF', () => {
    const wide = [
      product(9001, 'Nando’s Peri-Peri Chicken'),
      product(9002, 'Espresso – double', { Sku: 'SKU-€-1' }),
      product(9003, 'Ÿ and ÿ, ſ and þ'),
    ];
    const built = createSearchIndex([...seededProducts(30), ...wide]);
    const packed = stored(built.pack());
    expect(/[^\u0000-\u00ff]/.test(packed.table.products.strings.text)).toBe(false);
    const opened = openSearchIndex(packed);
    for (const { ProductID } of wide) expect(opened.get(ProductID as number)).toEqual(built.get(ProductID as number));
    expect(opened.search('nando')).toEqual([opened.get(9001)]);
    expect(opened.search('espresso')).toEqual([opened.get(9002)]);
    expect(opened.pack()).toEqual(built.pack());
  });

  it('oneByte: U+00FF is one byte, U+0100 and a lone surrogate are not', () => {
    expect(oneByte('')).toBe(true);
    expect(oneByte('Crème brûlée ÿ')).toBe(true);
    expect(oneByte('Ā')).toBe(false);
    expect(oneByte('a\ud800')).toBe(false);
  });

  it('repacks an opened index, copying the products it never read as they were packed', () => {
    const products = [...seededProducts(30), ...ODD.map((odd, k) => ({ ...odd, ProductID: 101 + k, Id: undefined }))];
    const built = createSearchIndex(products);
    const opened = reopened(built);
    // Changes in the middle split the slots never read into runs.
    for (const index of [built, opened]) {
      index.upsert([product(15, 'Changed Fifteen'), product(200, 'Brand New')]);
      index.remove([17, 106]);
    }
    const repacked = opened.pack();
    expect(repacked).toEqual(built.pack());
    const again = openSearchIndex(stored(repacked));
    // Opened again and packed before any product is read: every product is copied from the columns.
    expect(openSearchIndex(stored(again.pack())).pack()).toEqual(built.pack());
    for (const record of products) {
      const id = recordId('Product', record) as number;
      expect(again.get(id), `id ${id}`).toEqual(built.get(id));
      expect(Object.keys(again.get(id) ?? {}), `id ${id}`).toEqual(Object.keys(built.get(id) ?? {}));
    }
    expect(Object.is(again.get(102)?.SalePrice, -0)).toBe(true);
    expect(again.get(104)?.Sku).toEqual({ code: 'x' });
    expect(again.get(105)?.Name).toBe(ODD[4]?.Name);
    expect(again.search('changed fifteen')).toEqual([product(15, 'Changed Fifteen')].map(tillProduct));
  });

  it('gives one object per product, read when first asked for', () => {
    const opened = reopened(createSearchIndex(seededProducts(100)));
    const first = opened.get(7);
    expect(first).toBe(opened.get(7));
    expect(opened.search(String(first?.Sku))[0]).toBe(first);
    opened.upsert([{ ...(first as TillProduct), Name: 'Changed' }]);
    expect(opened.get(7)).not.toBe(first);
    expect(opened.get(7)?.Name).toBe('Changed');
  });

  it('packs a copy: later changes to the index, or to another index opened from it, leave it as it was', () => {
    const index = createSearchIndex(seededProducts(200));
    const packed = index.pack();
    const before = index.search('a', Infinity);
    index.upsert([product(1, 'Zebra Cake')]);
    index.remove([2, 3]);
    const one = openSearchIndex(packed);
    const two = openSearchIndex(packed);
    one.upsert([product(4, 'Moved On')]);
    one.remove([5]);
    for (const opened of [two, openSearchIndex(packed)]) {
      expect(opened.search('a', Infinity)).toEqual(before);
      expect(opened.size).toBe(200);
      expect(opened.search('zebra')).toEqual([]);
      expect(opened.search('moved')).toEqual([]);
    }
    expect(one.size).toBe(199);
  });

  it('is plain data that survives structured cloning unchanged', () => {
    const packed = createSearchIndex(mixedCatalog(400)).pack();
    expect(packed.version).toBe(PACKED_SEARCH_VERSION);
    expect(structuredClone(packed)).toStrictEqual(packed);
  });

  it('packs and opens an empty index, which then works', () => {
    const empty = reopened(createSearchIndex([]));
    expect(empty.size).toBe(0);
    expect(empty.search('a')).toEqual([]);
    expect(empty.byBarcode('5000000000017')).toBeUndefined();
    expect(empty.get(1)).toBeUndefined();
    empty.upsert([product(1, 'Crème Brûlée', { Barcode: '5000000000017' })]);
    expect(empty.search('creme')).toEqual([
      { ...tillProduct(product(1, 'Crème Brûlée', { Barcode: '5000000000017' })) },
    ]);
    expect(reopened(empty).byBarcode('5000000000017')?.Name).toBe('Crème Brûlée');
    const emptied = createSearchIndex([product(1, 'Gone')]);
    emptied.remove([1]);
    const reopenedEmpty = reopened(emptied);
    expect(reopenedEmpty.size).toBe(0);
    reopenedEmpty.upsert([product(2, 'Back')]);
    expect(reopenedEmpty.search('back').map((found) => found.ProductID)).toEqual([2]);
  });

  it('refuses a pack of another version or shape with a TypeError', () => {
    const packed = createSearchIndex(seededProducts(20)).pack();
    const broken = (change: (copy: PackedSearch) => void): PackedSearch => {
      const copy = structuredClone(packed);
      change(copy);
      return copy;
    };
    expect(() => openSearchIndex(broken((copy) => (copy.version = PACKED_SEARCH_VERSION + 1)))).toThrow(
      new TypeError(
        `Not a packed search index of this version: packed: it is version ${PACKED_SEARCH_VERSION + 1}, this build reads version ${PACKED_SEARCH_VERSION}`,
      ),
    );
    expect(() => openSearchIndex(broken((copy) => Reflect.deleteProperty(copy, 'version')))).toThrow(
      /packed\.version is not a count/,
    );
    expect(() => openSearchIndex(null as unknown as PackedSearch)).toThrow(/packed is not an object/);
    expect(() => openSearchIndex([] as unknown as PackedSearch)).toThrow(TypeError);
    expect(() => openSearchIndex(broken((copy) => Reflect.deleteProperty(copy, 'table')))).toThrow(
      /packed\.table is not an object/,
    );
    expect(() =>
      openSearchIndex(
        broken((copy) => (copy.table.products.kinds = [...copy.table.products.kinds] as unknown as Uint8Array)),
      ),
    ).toThrow(/packed\.table\.products\.kinds is not a Uint8Array/);
    expect(() => openSearchIndex(broken((copy) => (copy.table.ids = copy.table.ids.subarray(1))))).toThrow(TypeError);
    expect(() => openSearchIndex(broken((copy) => (copy.table.nameWords.text = 42 as unknown as string)))).toThrow(
      /nameWords\.text is not a string/,
    );
    expect(() => openSearchIndex(broken((copy) => Reflect.deleteProperty(copy.table.codeWords, 'wholes')))).toThrow(
      /codeWords\.wholes is not a Float64Array/,
    );
    expect(() => openSearchIndex(broken((copy) => (copy.table.products.strings.text += '!')))).toThrow(
      /do not span the text/,
    );
    expect(() => openSearchIndex(broken((copy) => (copy.table.slotOf.slots = new Int32Array(3))))).toThrow(
      /slotOf\.slots holds 3 items/,
    );
    expect(() => openSearchIndex(broken((copy) => (copy.table.rank = new Int32Array(1))))).toThrow(
      /rank holds 1 items/,
    );
  });

  it('refuses a product without an id after opening, and leaves the index as it was', () => {
    const opened = reopened(createSearchIndex([product(1, 'Bagel')]));
    expect(() => opened.upsert([product(3, 'Muffin'), { ...product(2, 'Pretzel'), ProductID: undefined }])).toThrow(
      TypeError,
    );
    expect(opened.size).toBe(1);
    expect(opened.search('muffin')).toEqual([]);
  });

  it('opens 50,000 products that answer as the built index', () => {
    const products = seededProducts(50_000);
    const built = createSearchIndex(products);
    const opened = reopened(built);
    expect(opened.size).toBe(50_000);
    const random = mulberry32(11);
    for (const query of [...QUERIES, ...Array.from({ length: 40 }, () => randomQuery(random, products))]) {
      expect(opened.search(query), query).toEqual(built.search(query));
    }
    const target = products[31_336] as Product;
    expect(opened.byBarcode(target.Barcode as string)).toEqual(tillProduct(target));
    opened.remove([31_337]);
    expect(opened.byBarcode(target.Barcode as string)).toBeUndefined();
    expect(opened.size).toBe(49_999);
  });
});
