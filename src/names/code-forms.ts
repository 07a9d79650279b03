import { compactName, DIGIT, LETTER, wordsOf } from './name-normaliser.js';
import { VARIANT_WORDS } from './name-tokens.js';
import { isCode, MAX_CODE_WORDS, MIN_CODE_LENGTH, ONLY_LETTERS, runs } from './model-codes.js';

// One model code in the forms makers and shops write it: with a maker's prefix ("HPQ6511A"), a
// market's or ordering letters ("K38074EU", "SM-S928BZKGEUB"); never an edition's ("X100VI").

/** The longest maker prefix glued before a code ("HP" of "HPQ6511A", "SAS" of "SASCLTR409"). */
const MAX_MAKER_PREFIX = 4;
/** Markets a maker writes after a model: a region, or a country where the shops' languages are. */
const MARKETS = new Set(
  'eu eur euro uk gb us usa na int intl ww de at ch fr be es it nl se dk no fi pl au ca jp'.split(
    ' ',
  ),
);
/** Letters after a code's own this many or more are a part number's ordering details. */
const MIN_ORDERING = 3;
/** ...unless they name an edition, another offer or a colour ("UM380BLK" beside "white"). */
const EDITIONS = new Set([
  ...[...VARIANT_WORDS, 'kit', 'set', 'bundle', 'combo', 'duo', 'twin'],
  ...['blk', 'wht', 'slv', 'gry', 'red', 'blu', 'grn', 'gld', 'pnk'],
]);
/** A code as its stem, up to its last digit, and the letters after it ("k38074", "us"). */
const STEM = /^(.*\p{N})(\p{L}*)$/u;

/** A code's stem: up to its last digit, with a letter, long enough to identify ("k38074"). */
export function codeStem(code: string): string | undefined {
  const stem = STEM.exec(code)?.[1];
  return stem && stem.length >= MIN_CODE_LENGTH && LETTER.test(stem) ? stem : undefined;
}

/** Whether two codes are one model with other market or ordering letters after it. */
export function oneModel(a: string, b: string): boolean {
  const [one, other] = [STEM.exec(a), STEM.exec(b)];
  if (!one || !other || one[1] !== other[1] || !codeStem(a)) return false;
  const [short, long] =
    one[2]!.length <= other[2]!.length ? [one[2]!, other[2]!] : [other[2]!, one[2]!];
  if (!long.startsWith(short))
    return [short, long].every((letters) => MARKETS.has(letters) && !EDITIONS.has(letters));
  const rest = long.slice(short.length);
  // Ordering letters go on the model's own ("S928B"); after its digits, they may be an edition's.
  return (
    !EDITIONS.has(rest) && (MARKETS.has(rest) || (short !== '' && rest.length >= MIN_ORDERING))
  );
}

/** Whether letters abbreviate a maker: its first, then others in order ("sas" of Samsung). */
export function abbreviates(prefix: string, brand: string): boolean {
  if (prefix.length > MAX_MAKER_PREFIX || prefix[0] !== brand[0] || !ONLY_LETTERS.test(prefix))
    return false;
  let at = 0;
  return [...prefix].every((letter) => (at = brand.indexOf(letter, at) + 1) > 0);
}

/** A name with its codes written as the query's: a maker's prefix aside, or as `oneModel`. */
export function writtenAsQuery(
  name: string,
  codes: ReadonlySet<string>,
  brand: string,
  unmatched: ReadonlySet<string> = new Set(),
): string {
  const read = withMakerPrefixes(name, codes, brand);
  // Most names carry none of the codes' stems: read no further.
  const stems = [...unmatched].flatMap((code) => codeStem(code) ?? []);
  const compact = stems.length > 0 ? compactName(read) : '';
  if (!stems.some((stem) => compact.includes(stem))) return read;
  const words = wordsOf(read);
  for (let i = 0; i < words.length; i++) {
    // A run ending where the name's code ends, not before a word going on it ("4090 Ti").
    if (!DIGIT.test(words[i]!) || /^\p{L}{1,3}$/u.test(words[i + 1] ?? '')) continue;
    for (let j = i; j > i - MAX_CODE_WORDS && j >= 0; j--) {
      const run = words.slice(j, i + 1).join('');
      const code = [...unmatched].find((c) => oneModel(run, c));
      if (code === undefined) continue;
      words.splice(j, i - j + 1, code);
      i = j;
      break;
    }
  }
  return words.join(' ');
}

function withMakerPrefixes(name: string, codes: ReadonlySet<string>, brand: string): string {
  const written = wordsOf(name);
  // A code the name carries already, however split ("NBX T1014N"), needs no prefix read.
  let carriedOnce: Set<string> | undefined;
  const carried = (code: string) => (carriedOnce ??= new Set(runs(written))).has(code);
  const words = written.map((word) => {
    // A word the query writes as it is stays as it is ("3705A (CP3705A)").
    if (codes.has(word)) return word;
    for (const code of codes) {
      const [longer, shorter] = word.length > code.length ? [word, code] : [code, word];
      if (longer === shorter || !longer.endsWith(shorter) || !isCode([shorter])) continue;
      const prefix = longer.slice(0, longer.length - shorter.length);
      if (!abbreviates(prefix, brand) || carried(code)) continue;
      // The name's prefix stays a word of its own; a prefix only the query writes is taken on.
      return longer === word ? `${prefix} ${code}` : code;
    }
    return word;
  });
  return words.join(' ');
}
