import type { EposError } from '../../app/epos/errors.ts';

/** The error a call rejects with; fails the test when it resolves instead. */
export async function failure(promise: Promise<unknown>): Promise<EposError> {
  try {
    await promise;
  } catch (error) {
    return error as EposError;
  }
  throw new Error('expected the call to fail');
}
