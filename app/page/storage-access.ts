/**
 * The Storage Access API, where the browser has it: a frame of another site asks, on a person's
 * tap, to use its own site data inside Epos Now. Chrome, Edge, Firefox and Safari have it; a
 * browser without it, or a managed till whose policy decides, leaves the setting to a person.
 */

/** What asking got: allowed, refused (by the person, the browser or its policy), or no API to ask with. */
export type AccessAnswer = 'granted' | 'refused' | 'unsupported';

/** The part of `document` the API is on; injectable for tests. */
export interface AccessDocument {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: () => Promise<void>;
}

/** Whether the browser can be asked at all (the API exists in this document). */
export function canAskForStorage(doc: AccessDocument = document): boolean {
  return typeof doc.requestStorageAccess === 'function';
}

/**
 * Asks for access; call it from a tap or click (browsers refuse a request without a person's
 * gesture). Already granted answers 'granted' without asking again.
 */
export async function askForStorage(doc: AccessDocument = document): Promise<AccessAnswer> {
  if (!doc.requestStorageAccess) return 'unsupported';
  if (doc.hasStorageAccess && (await doc.hasStorageAccess())) return 'granted';
  try {
    await doc.requestStorageAccess();
    return 'granted';
  } catch (error) {
    // The API says no with a DOMException (NotAllowedError, InvalidStateError...); anything else is a bug.
    if (error instanceof DOMException) return 'refused';
    throw error;
  }
}
