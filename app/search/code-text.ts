/** Every product's codes joined into one string, so a substring of any code is one scan. */
import { type PackedPart, plainArray } from './packed-part.ts';
import { scan } from './scan.ts';

/** The joined codes as a string and typed arrays; `current` is -1 for a slot without a region. */
export interface PackedCodeText {
  text: string;
  starts: Int32Array;
  owners: Int32Array;
  current: Int32Array;
  stale: number;
}

/**
 * One region per product, appended when it changes; a replaced region stays until there are as
 * many stale regions as live ones.
 */
export class CodeText {
  private text = '';
  private pending: string[] = [];
  private length = 0;
  /**
   * Where each region starts, and whose it is. An opened index reads them in the typed arrays its
   * pack held, and copies them into arrays that grow only at its first change: at 50,000 products
   * the copies are 450,000 numbers, a few ms at full speed on every start that no search needs.
   */
  private starts: number[] | Int32Array = [];
  private owners: number[] | Int32Array = [];
  /** The live region of each slot, -1 (or nothing) for none. */
  private current: number[] | Int32Array = [];
  private stale = 0;

  /** Makes folded `codes` the slot's region ('' for none). */
  set(slot: number, codes: string): void {
    this.clear(slot);
    if (codes === '') return;
    const { starts, owners, current } = this.growable();
    current[slot] = starts.length;
    starts.push(this.length);
    owners.push(slot);
    this.pending.push(codes, '\n');
    this.length += codes.length + 1;
  }

  /** Retires the slot's region, if it has one. */
  clear(slot: number): void {
    const region = this.current[slot] ?? -1;
    if (region < 0) return;
    this.growable().current[slot] = -1;
    this.stale++;
  }

  /** Ends a batch: appends the new regions, and rewrites the text once half its regions are stale. */
  commit(): void {
    this.flush();
    if (this.stale * 2 <= this.starts.length) return;
    const { owners, current } = this.growable();
    const live = owners.filter((slot, region) => current[slot] === region);
    const regions = live.map((slot) => this.region(current[slot] as number));
    this.text = '';
    this.length = 0;
    this.starts = [];
    this.owners = [];
    this.stale = 0;
    live.forEach((slot, k) => {
      current[slot] = -1;
      this.set(slot, regions[k] as string);
    });
    this.flush();
  }

  /** Calls `visit` with each slot whose codes hold `part`. */
  forEachHolding(part: string, visit: (slot: number) => void): void {
    scan(this.text, this.starts, part, (region) => {
      const slot = this.owners[region] as number;
      if (this.current[slot] === region) visit(slot);
    });
  }

  /** The text and its regions, copied. */
  pack(): PackedCodeText {
    // A slot never given codes is a hole in `current`, which forEach skips.
    const current = new Int32Array(this.current.length).fill(-1);
    this.current.forEach((region, slot) => {
      current[slot] = region;
    });
    return {
      text: this.text,
      starts: Int32Array.from(this.starts),
      owners: Int32Array.from(this.owners),
      current,
      stale: this.stale,
    };
  }

  /** The text packed in `part`. */
  static from(part: PackedPart): CodeText {
    const codeText = new CodeText();
    codeText.text = part.string('text');
    codeText.length = codeText.text.length;
    codeText.starts = part.array('starts', Int32Array);
    codeText.owners = part.array('owners', Int32Array, codeText.starts.length);
    codeText.current = part.array('current', Int32Array);
    codeText.stale = part.count('stale');
    return codeText;
  }

  /** The folded codes of `slot` ('' for none), as last set. */
  codesOf(slot: number): string {
    const region = this.current[slot] ?? -1;
    return region < 0 ? '' : this.region(region);
  }

  /** The regions as arrays that grow, copied out of the pack's typed arrays the first time. */
  private growable(): { starts: number[]; owners: number[]; current: number[] } {
    const starts = Array.isArray(this.starts) ? this.starts : plainArray(this.starts);
    const owners = Array.isArray(this.owners) ? this.owners : plainArray(this.owners);
    const current = Array.isArray(this.current) ? this.current : plainArray(this.current);
    this.starts = starts;
    this.owners = owners;
    this.current = current;
    return { starts, owners, current };
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.text += this.pending.join('');
    this.pending = [];
  }

  /** The codes of a region, without its '\n'. */
  private region(region: number): string {
    const end = region + 1 < this.starts.length ? (this.starts[region + 1] as number) : this.text.length;
    return this.text.slice(this.starts[region], end - 1);
  }
}
