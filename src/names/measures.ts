import { fold } from './name-normaliser.js';
// Measures as names and queries write them, in the shops' languages, read alike to be compared.

/** Units as shops spell them, to the unit their values are compared in and how many of it. */
export const UNITS = new Map<string, { unit: string; scale: number; token: boolean }>();
/** What a kind is called where its values are compared ("capacity 64 gb against its 32 gb"). */
export const KIND_NAMES = new Map([['pack', 'pack count']]);
/**
 * A unit's spellings: those before a `|` a name's tokens read too (name-tokens.ts), never a single
 * letter (the L of "A80L" is a code's). One of no kind is the tokens' alone, never compared.
 */
const unit = (name: string, scale: number, spellings: string, kind = KIND_NAMES.get(name)) => {
  if (kind) KIND_NAMES.set(name, kind);
  let token = spellings.includes('|');
  for (const spelling of spellings.split(' '))
    if (spelling === '|') token = false;
    else UNITS.set(spelling, { unit: name, scale, token });
};
unit('gb', 1, 'gb | go gigabyte gigabytes', 'capacity');
unit('gb', 1000, 'tb | to terabyte terabytes');
unit('mb', 1, 'mb | mo megabyte megabytes', 'capacity');
unit('in', 1, 'in inch | inches zoll pouces pulgadas pollici tum cali', 'size');
unit('cm', 1, 'cm |', 'size');
unit('mm', 1, 'mm |', 'size');
unit('w', 1, 'w watt watts', 'power');
unit('mah', 1, 'mah |', 'battery');
unit('mah', 1000, 'ah');
unit('v', 1, 'v volt volts', 'voltage');
unit('m', 1, 'm', 'length');
unit('kg', 1, 'kg |', 'weight');
unit('mp', 1, 'mp mpx | megapixel megapixels', 'resolution');
unit('hz', 1, 'hz |', 'frequency');
unit('hz', 1000, 'khz');
unit('hz', 1_000_000, 'mhz');
unit('hz', 1_000_000_000, 'ghz');
unit('ml', 1, 'ml |', 'volume');
unit('ml', 1000, 'l litre liter litres liters litro litros litri');
unit('g', 1, 'g gram grams gramm gramos grammi', 'weight');
unit('oz', 1, 'oz | ounce ounces', 'weight');
unit('lb', 1, 'lb lbs | pound pounds', 'weight');
unit('ft', 1, 'ft feet pieds pies fuss fuß piedi voet fot | foot', 'length');
unit('w', 1000, 'kw |');
unit('bar', 1, 'bar | bars', 'pressure');
unit('psi', 1, 'psi |', 'pressure');
unit('nm', 1, 'nm |', 'torque');
unit('rpm', 1, 'rpm |', 'speed');
unit('db', 1, 'db |', 'loudness');
unit('lm', 1, 'lm | lumen lumens', 'brightness');
unit('ppm', 1, 'ppm |', 'print speed');
unit('dpi', 1, 'dpi |', 'resolution');
unit('mbps', 1, 'mbps |', 'data rate');
unit('mbps', 1000, 'gbps |');
unit('cup', 1, 'cup cups tasse tasses tassen taza tazas tazza tazze', 'cups');
unit('cup', 1, 'kop koppen kopp koppar kopper');
unit('wh', 1, 'wh |');
unit('pt', 1, 'pt point |');

/** A count after a number ("2pk", "64ct"): a word; the number, a pack size, must be stated. */
export const COUNT_SPELLINGS = new Map([
  ...Object.entries({ pk: 'pack', ct: 'count' }),
  // Shops' languages: "3-pak", "2-pakning", "10 szt.", "5 Stk.".
  ...'pak pakke pakning paket pcs stk szt'.split(' ').map((w) => [w, 'pack'] as const),
]);
/** Words that say a number counts the items of a pack ("2-Pack", "Pack of 4", "12 Stück"). */
export const PACK_WORDS = new Set([
  ...COUNT_SPELLINGS.keys(),
  ...'pack packs count pieces piece stuck stück unidades pezzi stuks kpl'.split(' '),
]);

/** A number and the word after it ("15.6-inch", "128 Go", "2x4GB"), not in a code ("X100V", "2 MC775"). */
const MEASURE =
  /(?<=^|[^\p{L}\p{N}.,]|\dx)(\d+(?:[.,]\d+)?)\s*-?\s*(\p{L}+?)(?=x\p{N}|[^\p{L}\p{N}]|$)/gu;
/** Units read only glued to their number ("18V"), or only apart ("2 m", not "6450M"); "To" either way but before a number. */
const GLUED = new Map([
  ...['to', 'mo', 'v'].map((u) => [u, true] as const),
  // "5G" is a network's generation, "200 g" a weight.
  ...['m', 'g'].map((u) => [u, false] as const),
]);
/** A size in inches written with the inch mark ("29.5\"", "16″"). */
const INCH_MARK = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*["″]/gu;
const IN_ONE = /^\s*-?\s*(?:1|one)\b/u;
/** A number joined by a slash or a times to the measure after it ("12/", "13 x "). */
const JOINED = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*([/x×-])\s*$/u;
const LENGTHS = new Set(['in', 'cm', 'mm', 'm']);
/** A number next: "22 to 40" is a range, where "1 To" alone is a terabyte. */
const NUMBER_NEXT = /^\s*[\d/]/u;
/** "Pack of 4", "lot de 4", "Packung mit 4": a pack word, then a number. */
const PACK_OF =
  /\b(?:pack|box|set|lot|paquet|packung|confezione|caja)\s+(?:(?:of|de|mit|da|di|met|med|av)\s+)?(\d+)\b/gu;

/** The values a text states, by kind: "colour" → {black}, "gb" → {128}, "pack" → {2}. */
export type Attributes = Map<string, Set<string>>;

export const add = (into: Attributes, kind: string, value: string) =>
  (into.get(kind) ?? into.set(kind, new Set()).get(kind)!).add(value);

/** Standards a number follows as their version ("HDMI 2.0", "Windows 11"; not "USB 5-Pin"). */
const VERSIONED =
  /\b(hdmi|usb|pcie|sata|bluetooth|displayport|thunderbolt|wi-?fi|windows|android|ios)\s*(\d+(?:[.,]\d+)?)(?![-.,]?[\p{L}\p{N}])/gu;

/** A number as written, with a decimal point or comma ("2,0"). */
const asNumber = (number: string) => Number(number.replace(',', '.'));

/** Each measure, pack count and standard's version a folded text writes ("68,6 cm"). */
export function* measures(folded: string) {
  for (const match of folded.matchAll(MEASURE)) {
    const [whole, number, word] = match as unknown as [string, string, string];
    const rest = folded.slice(match.index + whole.length);
    // "2-in-1" counts uses, it measures nothing.
    if (word === 'in' && IN_ONE.test(rest)) continue;
    const glued = whole === number + word;
    const range = word === 'to' && NUMBER_NEXT.test(rest);
    if (GLUED.has(word) && GLUED.get(word) !== glued && (word !== 'to' || range)) continue;
    // Per second it is a rate ("6Gb/s", "5000MB/s"), never a capacity.
    const rate = rest.startsWith('/s') && !/^\/s\p{L}/u.test(rest);
    const [value, measure] = [asNumber(number), UNITS.get(rate ? `${word}ps` : word)];
    if (rate && !measure) continue;
    if (PACK_WORDS.has(word)) yield { number, kind: 'pack', value };
    if (!measure || !KIND_NAMES.has(measure.unit)) continue;
    yield { number, kind: measure.unit, value: value * measure.scale };
    // Numbers joined before it are in its unit ("12/128GB"), by a times a length's ("13 x 22").
    let before = folded.slice(0, match.index);
    for (let m = JOINED.exec(before); m; m = JOINED.exec(before)) {
      const [, joined, by] = m as unknown as [string, string, string];
      if (by !== '/' && by !== '-' && !LENGTHS.has(measure.unit)) break;
      yield { number: joined, kind: measure.unit, value: asNumber(joined) * measure.scale };
      before = before.slice(0, m.index);
    }
  }
  for (const [, number] of folded.matchAll(INCH_MARK))
    yield { number: number!, kind: 'in', value: asNumber(number!) };
  for (const [, standard, number] of folded.matchAll(VERSIONED))
    yield { number: number!, kind: standard!.replace('-', ''), value: asNumber(number!) };
  for (const [, number] of folded.matchAll(PACK_OF))
    yield { number: number!, kind: 'pack', value: Number(number) };
}

/** The measures a query writes ("68,6 cm"), and how often each number in them ("68", "6"). */
export function measuresWritten(text: string) {
  const asked: Attributes = new Map();
  const digits = new Map<string, number>();
  for (const { number, kind, value } of measures(fold(text))) {
    if (kind === 'pack') continue;
    add(asked, kind, String(value));
    for (const part of number.split(/[.,]/u).map((p) => String(Number(p))))
      digits.set(part, (digits.get(part) ?? 0) + 1);
  }
  return { asked, digits };
}
