/**
 * Record identity. The contract names every record's key `Id`; real V2 records name it
 * `<Thing>ID` (`ProductID`, `TypeID`...). This is the one place that knows both.
 */
import { CONTRACT_ID_KEY, KINDS, type Kind } from './kinds.ts';
import type { OpenRecord } from './records.ts';

/** Which field a record's id lives in: the contract's `Id` or the real V2 key. */
export type IdStyle = 'contract' | 'v2';

/** The id field of a kind in a given style. */
export function idKey(kind: Kind, style: IdStyle): string {
  return style === 'contract' ? CONTRACT_ID_KEY : KINDS[kind].v2IdKey;
}

/**
 * A record's id, whichever style it uses, or undefined when it has none.
 * The real V2 key wins when both are present, since that is what the real server addresses.
 */
export function recordId(kind: Kind, record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const fields = record as Record<string, unknown>;
  return asId(fields[KINDS[kind].v2IdKey]) ?? asId(fields[CONTRACT_ID_KEY]);
}

/** The id style a record uses, or undefined when it has no id. */
export function idStyleOf(kind: Kind, record: unknown): IdStyle | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const fields = record as Record<string, unknown>;
  if (asId(fields[KINDS[kind].v2IdKey]) !== undefined) return 'v2';
  if (asId(fields[CONTRACT_ID_KEY]) !== undefined) return 'contract';
  return undefined;
}

/** The record's fields without its id, in either style: ids go in the path, never in a body. */
export function withoutId(kind: Kind, record: OpenRecord): OpenRecord {
  const { [idKey(kind, 'v2')]: _v2, [idKey(kind, 'contract')]: _contract, ...fields } = record;
  return fields;
}

/** Largest value of the API's 32-bit integers (`System.Int32`: ids, whole numbers). */
export const INT32_MAX = 2_147_483_647;

/** True for an id the API can address in update and delete: a whole number from 1 to {@link INT32_MAX}. */
export function isServerId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= INT32_MAX;
}

// Ids are integers on the wire; a numeric string is tolerated because some serializers quote them.
function asId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}
