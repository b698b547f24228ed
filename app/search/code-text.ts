/** Every product's codes joined into one string, so a substring of any code is one scan. */
import type { PackedPart } from './packed-part.ts';
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
  /** Where each region starts, and whose it is. */
  private starts: number[] = [];
  private owners: number[] = [];
  /** The live region of each slot, -1 (or nothing) for none. */
  private current: number[] = [];
  private stale = 0;

  /** Makes folded `codes` the slot's region ('' for none). */
  set(slot: number, codes: string): void {
    this.clear(slot);
    if (codes === '') return;
    this.current[slot] = this.starts.length;
    this.starts.push(this.length);
    this.owners.push(slot);
    this.pending.push(codes, '\n');
    this.length += codes.length + 1;
  }

  /** Retires the slot's region, if it has one. */
  clear(slot: number): void {
    const region = this.current[slot] ?? -1;
    if (region < 0) return;
    this.current[slot] = -1;
    this.stale++;
  }

  /** Ends a batch: appends the new regions, and rewrites the text once half its regions are stale. */
  commit(): void {
    this.flush();
    if (this.stale * 2 <= this.starts.length) return;
    const live = this.owners.filter((slot, region) => this.current[slot] === region);
    const regions = live.map((slot) => this.region(this.current[slot] as number));
    this.text = '';
    this.length = 0;
    this.starts = [];
    this.owners = [];
    this.stale = 0;
    live.forEach((slot, k) => {
      this.current[slot] = -1;
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
    codeText.starts = part.numbers('starts', Int32Array);
    codeText.owners = part.numbers('owners', Int32Array, codeText.starts.length);
    codeText.current = part.numbers('current', Int32Array);
    codeText.stale = part.count('stale');
    return codeText;
  }

  /** The folded codes of `slot` ('' for none), as last set. */
  codesOf(slot: number): string {
    const region = this.current[slot] ?? -1;
    return region < 0 ? '' : this.region(region);
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
