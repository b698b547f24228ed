/**
 * The whole index as one structured-cloneable value: strings, typed arrays and a few numbers, so
 * IndexedDB stores and reads it back at memory speed and opening it builds nothing.
 */
import { PackedPart } from './packed-part.ts';
import { oneByte } from './product-columns.ts';
import { type PackedTable, ProductTable } from './table.ts';

/**
 * The version of PackedSearch, so a row written by another build is refused. Bump it when the
 * shape changes, and when folding does (fold.ts, fields.ts): an opened index folds packed names
 * as it reads them, and they must fold as they did when the dictionary was built.
 */
export const PACKED_SEARCH_VERSION = 1;

/** A search index packed by `SearchIndex.pack()`, for `openSearchIndex`. */
export interface PackedSearch {
  version: number;
  table: PackedTable;
}

/** `table` packed, with the current version. */
export function packTable(table: ProductTable): PackedSearch {
  return { version: PACKED_SEARCH_VERSION, table: table.pack() };
}

/** The table in `packed`; a TypeError when it is of another version or shape. */
export function unpackTable(packed: unknown): ProductTable {
  const part = new PackedPart(packed, 'packed');
  const version = part.count('version');
  if (version !== PACKED_SEARCH_VERSION)
    throw part.error(`it is version ${version}, this build reads version ${PACKED_SEARCH_VERSION}`);
  return ProductTable.from(part.part('table'));
}

/** About how many bytes `packed` takes: strings at their in-memory width, typed arrays' bytes. */
export function packedSize(packed: unknown): number {
  if (typeof packed === 'string') return oneByte(packed) ? packed.length : packed.length * 2;
  if (ArrayBuffer.isView(packed)) return packed.byteLength;
  if (typeof packed === 'number') return 8;
  if (typeof packed !== 'object' || packed === null) return 0;
  return Object.values(packed).reduce<number>((sum, part) => sum + packedSize(part), 0);
}
