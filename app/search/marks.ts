/** Per-slot scratch of one search, reused so a keystroke allocates nothing per product. */

/** The words a slot matched (valid while its stamp is `generation`) and its score; nothing is kept between searches. */
export class Marks {
  stamp = new Int32Array(0);
  mask = new Int32Array(0);
  score = new Uint8Array(0);
  generation = 0;

  /** Starts a search over `capacity` slots: every slot's marks become stale at once. */
  next(capacity: number): void {
    if (this.stamp.length !== capacity) {
      this.stamp = new Int32Array(capacity);
      this.mask = new Int32Array(capacity);
      this.score = new Uint8Array(capacity);
    }
    // Wrapping would let a stale stamp pass for current, so start over with clean stamps.
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }
}
