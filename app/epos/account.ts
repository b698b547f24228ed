/**
 * Which Epos Now account a token belongs to, as a short hash: writes queued under one account
 * must never be sent with another's token. A token is Base64 of `APIKey:APISecret`; the API key
 * names the device (and so the account), and a regenerated secret keeps the account the same.
 * The hash is of the key only, never of the secret, and is no credential.
 */

/** A stable, short name of the account behind `token` (14 hex digits: 53 bits). */
export function accountOf(token: string): string {
  return hash53(apiKeyOf(token)).toString(16).padStart(14, '0').slice(-14);
}

/** The API key part of a Basic token, or the whole token when it is not `key:secret` in Base64. */
function apiKeyOf(token: string): string {
  let decoded: string;
  try {
    decoded = atob(token);
  } catch (error) {
    // Not Base64 (a test token, a damaged one): the token itself names its account.
    if (error instanceof DOMException && error.name === 'InvalidCharacterError') return token;
    throw error;
  }
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : token;
}

/** cyrb53: a fast 53-bit string hash, spread well enough to tell a handful of accounts apart. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
