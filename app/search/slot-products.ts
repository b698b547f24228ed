/**
 * The indexed products by slot. An opened index leaves them in their packed columns and builds a
 * slot's object the first time it is read: a search shows 50, not all 50,000.
 */
import type { PackedPart } from './packed-part.ts';
import { ColumnWriter, type PackedProducts, ProductColumns } from './product-columns.ts';
import { TILL_FIELDS, type TillField, type TillProduct } from './till-product.ts';

/** TillProducts by slot; a slot's object, once read, stays the same object until the slot changes. */
export class SlotProducts {
  private readonly objects: (TillProduct | undefined)[];
  /** 1 for a slot whose product is still only in `columns`. */
  private readonly unread: Uint8Array;

  private constructor(private readonly columns: ProductColumns | undefined) {
    this.objects = new Array<TillProduct | undefined>(columns?.slots ?? 0);
    this.unread = columns === undefined ? new Uint8Array(0) : columns.packed.live.slice();
  }

  /** No products yet. */
  static empty(): SlotProducts {
    return new SlotProducts(undefined);
  }

  /** The `slots` slots of products packed in `part`, read lazily. */
  static from(part: PackedPart, slots: number): SlotProducts {
    return new SlotProducts(ProductColumns.from(part, slots));
  }

  /** The product in `slot`, if any. */
  get(slot: number): TillProduct | undefined {
    if (this.unread[slot] === 1) {
      this.unread[slot] = 0;
      this.objects[slot] = this.columns?.read(slot);
    }
    return this.objects[slot];
  }

  /**
   * Field `field` of the product packed in `slot` when the index was opened, read without
   * building the product; undefined for a slot added since, or a built index.
   */
  packedField(slot: number, field: TillField): unknown {
    return this.columns !== undefined && slot < this.columns.slots
      ? this.columns.field(slot, TILL_FIELDS.indexOf(field))
      : undefined;
  }

  /** Puts `product` in `slot`, or empties it. */
  set(slot: number, product: TillProduct | undefined): void {
    // A typed array ignores a write past its end: slots added since opening were never unread.
    this.unread[slot] = 0;
    this.objects[slot] = product;
  }

  /** The products of slots 0 to `slots` - 1 as columns; runs of unread slots are copied as they are. */
  pack(slots: number): PackedProducts {
    const writer = new ColumnWriter(slots);
    for (let slot = 0; slot < slots; ) {
      if (this.columns === undefined || this.unread[slot] !== 1) {
        writer.add(this.objects[slot]);
        slot++;
        continue;
      }
      let end = slot + 1;
      while (this.unread[end] === 1) end++;
      writer.copy(this.columns, slot, end);
      slot = end;
    }
    return writer.finish();
  }
}
