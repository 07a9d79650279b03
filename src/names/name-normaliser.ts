// The one normalisation of names, at import and lookup: case, accents, punctuation, spacing go.

const MARKS = /\p{M}+/gu;
/** "S24+" and "j7+" are the Plus models: keep the plus as a word before punctuation goes. */
const TRAILING_PLUS = /(?<=[\p{L}\p{N}])\+/gu;
const NON_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;
/** Trademark signs, before NFKD spells them out, and "(R)" glued to a word ("DW-21(A)" stays). */
const TRADEMARKS = /[\u2122\u2120\u00ae\u00a9]|(?<=\p{L})\((?:r|tm|sm)\)/giu;
/** A comma between thousands: after one to three digits, before three ("24,000mAh", "1,920"). */
const THOUSANDS = /(?<=(?<![\p{L}\p{N}.,])[1-9]\p{N}{0,2}(?:,\p{N}{3})*),(?=\p{N}{3}(?!\p{N}))/gu;
/** Accents, case and thousands' commas folded; the rest as written (measures.ts reads it). */
export const fold = (text: string): string =>
  text.normalize('NFKD').replace(MARKS, '').replace(THOUSANDS, '').toLowerCase();

export function normaliseName(input: string): string {
  return fold(input.replace(TRADEMARKS, ' '))
    .replace(TRAILING_PLUS, ' plus ')
    .replace(NON_ALPHANUMERIC, ' ')
    .trim();
}

export const wordsOf = (normalised: string): string[] => normalised.split(' ').filter(Boolean);
/** A letter, a digit, of any script. */
export const [LETTER, DIGIT] = [/\p{L}/u, /\p{N}/u];

/** Whether any of `items` passes `test`, read where they are: a set is not copied to ask. */
export function someOf<T>(items: Iterable<T>, test: (item: T) => boolean): boolean {
  for (const item of items) if (test(item)) return true;
  return false;
}

/** `read`, asked once for each key: candidates ask alike, and most answers are asked again. */
export function remembered<K, V>(read: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (!known.has(key)) known.set(key, read(key));
    return known.get(key) as V;
  };
}

export const compactName = (normalised: string): string => normalised.replaceAll(' ', '');

/** A name folded to one key (`DVD-2500BT/CI` is `dvd2500btci`): part numbers, exact names. */
export const nameKey = (name: string): string => compactName(normaliseName(name));

/** Between a product's normalised names kept as one text (names_norm): no name holds it. */
export const NAMES_SEPARATOR = '\x1f';
