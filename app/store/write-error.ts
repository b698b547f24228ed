/** The error of a write refused before it was stored (write-check.ts), apart so screens can know it without loading the check. */

/** Field key (`id` for the record's id) to what is wrong with it. */
export type WriteProblems = Record<string, string>;

/** A write refused before it was stored; `problems` says what is wrong, field by field. */
export class InvalidWriteError extends Error {
  override readonly name = 'InvalidWriteError';
  readonly problems: WriteProblems;
  constructor(problems: WriteProblems) {
    super(Object.values(problems).join(' '));
    this.problems = problems;
  }
}
