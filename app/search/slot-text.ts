/**
 * A folded string per slot (names, codes). A built index sets every one; an opened index works
 * out a slot's string the first time it is read, so opening folds and slices nothing.
 */

/** Strings by slot: set when a slot changes, else loaded once from what was packed. */
export class SlotText {
  private readonly strings: (string | undefined)[];

  constructor(
    slots = 0,
    /** The string of a slot not set since the index was opened. */
    private readonly load: (slot: number) => string = () => '',
  ) {
    this.strings = new Array<string | undefined>(slots);
  }

  /** The string of `slot`. */
  get(slot: number): string {
    const known = this.strings[slot];
    if (known !== undefined) return known;
    const loaded = this.load(slot);
    this.strings[slot] = loaded;
    return loaded;
  }

  /** Makes `text` the string of `slot` (one past the last adds a slot). */
  set(slot: number, text: string): void {
    this.strings[slot] = text;
  }
}
