/**
 * Content negotiation of an answer's coding, shared by the static files (pre-compressed copies
 * that build.mjs writes) and the stand-in's API answers (compressed as they go out).
 */

/** A content coding the servers here send. */
export type Coding = 'br' | 'gzip';

/** Every coding the servers here send, in their order of preference: brotli is the smaller. */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * The coding to send for a request's `Accept-Encoding` (RFC 9110, 12.5.3), among `offered`:
 * the one the client weighs highest, the server's order breaking ties; undefined for the raw
 * bytes (no header, nothing offered accepted, or `q=0` on it). `*` stands for any coding the
 * header does not name. A weight that is not a number counts as 0: unclear consent is none.
 */
export function negotiateCoding(header: string | null, offered: readonly Coding[] = CODINGS): Coding | undefined {
  if (header === null) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      weight = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(value) ? Number(value) : 0;
    }
    weights.set(coding, weight);
  }
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
