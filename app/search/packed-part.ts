/**
 * Reading a packed index back. A row may have been written by another build, so every field is
 * checked as it is read: a wrong shape is a TypeError naming the field, never a broken index.
 */

/** One object of a packed index (the index, or a part of it), read field by field with checks. */
export class PackedPart {
  private readonly fields: Readonly<Record<string, unknown>>;

  constructor(
    value: unknown,
    private readonly name: string,
  ) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw packError(`${name} is not an object`);
    this.fields = value as Readonly<Record<string, unknown>>;
  }

  /** Field `key`, a string. */
  string(key: string): string {
    const value = this.fields[key];
    if (typeof value !== 'string') throw packError(`${this.name}.${key} is not a string`);
    return value;
  }

  /** Field `key`, a whole number from 0 up. */
  count(key: string): number {
    const value = this.fields[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw packError(`${this.name}.${key} is not a count`);
    return value;
  }

  /** Field `key`, an instance of `type` (a typed array or Array), with `length` items when given. */
  array<T extends { readonly length: number }>(
    key: string,
    type: abstract new (...args: never[]) => T,
    length?: number,
  ): T {
    const value = this.fields[key];
    if (!(value instanceof type))
      throw packError(`${this.name}.${key} is not ${type.name === 'Array' ? 'an Array' : `a ${type.name}`}`);
    if (length !== undefined && value.length !== length)
      throw packError(`${this.name}.${key} holds ${value.length} items, not ${length}`);
    return value;
  }

  /** Field `key`, a typed array of `type` (with `length` items when given), copied into a plain array to grow and change. */
  numbers(key: string, type: abstract new (...args: never[]) => ArrayLike<number>, length?: number): number[] {
    return plainArray(this.array(key, type, length));
  }

  /** Field `key`, an object read the same way. */
  part(key: string): PackedPart {
    return new PackedPart(this.fields[key], `${this.name}.${key}`);
  }

  /** A TypeError saying what about this part is wrong. */
  error(problem: string): TypeError {
    return packError(`${this.name}: ${problem}`);
  }
}

/** `typed` copied into a plain array, to grow and change. */
export function plainArray(typed: ArrayLike<number>): number[] {
  // A loop into a sized array: several times quicker than Array.from on a typed array.
  const list = new Array<number>(typed.length);
  for (let i = 0; i < typed.length; i++) list[i] = typed[i] as number;
  return list;
}

function packError(problem: string): TypeError {
  return new TypeError(`Not a packed search index of this version: ${problem}`);
}
