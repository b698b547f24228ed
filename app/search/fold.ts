/**
 * Text folding for search: one canonical form for product text and for what the cashier types, so
 * "creme brulee" meets "Crème Brûlée", "strasse" meets "Straße" and "bakers" meets "Baker's".
 */

/** Combining diacritical marks, which NFD splits off accented letters. */
const MARKS = /[\u0300-\u036f]/g;

/** Apostrophes vanish rather than split a word: "Nando's" is typed "nandos". */
const APOSTROPHES = /['\u2019\u02bc]/g;

/** Letters NFD leaves whole but a shopper types in plain ASCII. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const LETTER = /[ßæœøđðþłı]/g;

/** Letters, marks and digits of any script. */
const WORD = /^[\p{L}\p{M}\p{N}]$/u;

/** Per UTF-16 unit outside ASCII: 0 not yet known, 1 word character, 2 not. */
const wordKind = new Uint8Array(0x10000);

/** The lower-case, accent-free form of `text`; plain ASCII text only pays for toLowerCase. */
export function fold(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const lower = text.toLowerCase();
    return lower.includes("'") ? lower.replace(APOSTROPHES, '') : lower;
  }
  // Marks go before lower-casing: 'İ' lower-cases to 'i' plus a combining dot.
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
    .replace(APOSTROPHES, '');
}

/** True when the UTF-16 unit `code` is part of a word: a letter, mark or digit of any script. */
export function isWordChar(code: number): boolean {
  if (code < 0x80)
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
  // Both halves of a surrogate pair count, so a letter outside the BMP is never split.
  if (code >= 0xd800 && code <= 0xdfff) return true;
  let kind = wordKind[code];
  if (kind === 0) {
    kind = WORD.test(String.fromCharCode(code)) ? 1 : 2;
    wordKind[code] = kind;
  }
  return kind === 1;
}

/** Calls `visit` with each word of folded text (a maximal run of word characters), repeats included. */
export function forEachWord(folded: string, visit: (word: string) => void): void {
  let start = -1;
  for (let i = 0; i <= folded.length; i++) {
    if (i < folded.length && isWordChar(folded.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      visit(folded.slice(start, i));
      start = -1;
    }
  }
}

/** The distinct words of folded text, in order of appearance. */
export function words(folded: string): string[] {
  const found: string[] = [];
  forEachWord(folded, (word) => {
    if (!found.includes(word)) found.push(word);
  });
  return found;
}
