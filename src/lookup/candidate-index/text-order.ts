// Strings compared and hashed without copying them out of the text that holds them
// (candidate-index.ts), in the order PostgreSQL gives them under COLLATE "C".

/**
 * Where each of the `count` words of `text` starts (words separated by single spaces, none
 * holding one), and last where a word after them would: word i is `text` from `starts[i]` up to
 * `starts[i + 1] - 1`.
 */
export function wordStarts(text: string, count: number): Int32Array {
  const starts = new Int32Array(count + 1);
  for (let i = 1, at = 0; i <= count; i++)
    starts[i] = (at = text.indexOf(' ', at) + 1) || text.length + 1;
  return starts;
}

/** FNV-1a of the characters of `text` from `start` to `end`, as a signed 32-bit number. */
export function hashOf(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * A UTF-16 code unit ranked as its code point ranks, which is UTF-8's byte order (COLLATE "C"):
 * the halves of a pair (a character past U+FFFF) after the characters U+E000 to U+FFFF.
 */
const codePointOrder = (unit: number) =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;

/**
 * `a` against `b` (or the `length` characters of `b` from `start`) in byte order, as the
 * statements order terms and product ids (COLLATE "C").
 */
export function inBytes(a: string, b: string, start = 0, length = b.length): number {
  for (let i = 0; i < Math.min(a.length, length); i++) {
    const difference = codePointOrder(a.charCodeAt(i)) - codePointOrder(b.charCodeAt(start + i));
    if (difference !== 0) return difference;
  }
  return a.length - length;
}

/** Each string's place among `texts` sorted in byte order: ties broken by a number, not text. */
export function placesInBytes(texts: readonly string[]): Int32Array {
  const sorted = Array.from(texts.keys()).sort((a, b) => inBytes(texts[a]!, texts[b]!));
  const places = new Int32Array(texts.length);
  for (const [place, index] of sorted.entries()) places[index] = place;
  return places;
}
