import { fold, normaliseName, someOf } from './name-normaliser.js';
import { namesModel, ROMAN } from './name-tokens.js';
import { isCategoryWord, singular } from './words-that-say-nothing.js';
import { FOR } from './model-codes.js';
import { add, KIND_NAMES, measures, PACK_WORDS, UNITS, type Attributes } from './measures.js';

// Values a name states of a kind (a colour, a capacity), read alike from a query and a name.

/** Colour words of shops' languages, each to its colour, as written and as folded. */
const COLOURS = new Map<string, string>();
/** Whether two folded words name one colour, in any language ("blau", "blue"). */
export const sameColour = (a: string, b: string) =>
  COLOURS.has(a) && COLOURS.get(a) === COLOURS.get(b);
const colour = (words: string) => {
  for (const word of words.split(' ')) COLOURS.set(word, words.split(' ')[0]!);
};
// The shops' languages, each word to the first of its line; not words commoner as others ("rod").
colour('black schwarz noir noire negro negra nero nera zwart svart musta czarny czarna czarne');
colour('white weiss weiß blanc blanche blanco blanca bianco bianca wit vit hvid hvit valkoinen');
colour('white bialy biały biala biała biale białe');
colour('red rot rouge rojo roja rosso rossa rood rød röd punainen czerwony czerwona czerwone');
colour('blue blau bleu bleue azul blu blauw bla blå sininen niebieski niebieska niebieskie');
colour('green grun grün vert verte verde groen gron grøn grønn vihrea zielony zielona zielone');
colour('yellow gelb jaune amarillo giallo geel gul keltainen zolty zołty zolte zołte');
colour('orange naranja arancione oranje oransje oranssi pomaranczowy');
colour('purple violet violett viola morado paars lila purpur fioletowy');
colour('pink rosa rose roze rozowy rozowe vaaleanpunainen');
colour('grey gray grau gris grigio grijs gra grå harmaa szary szara szare');
colour('silver silber argent argente plata plateado argento zilver solv sølv hopea srebrny');
colour('gold dore oro dorado goud guld gull kulta zloty złoty zlote złote');
colour('brown braun marron brun marrone bruin ruskea brazowy brązowy brazowe');
colour('beige');
// Colour names makers give, each its own colour: "Graphite" is not "Black".
for (const name of [
  ...['graphite', 'charcoal', 'midnight', 'navy', 'teal', 'sand', 'sage', 'ivory', 'cream'],
  ...['champagne', 'bronze', 'copper', 'titanium', 'platinum', 'lavender', 'mint', 'coral'],
  ...['burgundy', 'olive', 'khaki', 'turquoise', 'cyan', 'magenta', 'maroon', 'taupe', 'slate'],
  ...['starlight', 'obsidian', 'onyx', 'pearl'],
])
  colour(name);

/** "With" in English, German, French, Spanish and Italian, Dutch, the Nordic languages, Portuguese. */
const WITH = new Set([
  ...['with', 'w', 'including', 'includes', 'incl', 'inkl', 'inklusive'],
  ...['mit', 'avec', 'con', 'met', 'med', 'com'],
]);
/** Words after which a title says what goes with the product or what it fits, not what it is. */
const BESIDE = new Set([...FOR, ...WITH, 'plus']);

/** A word of plain letters folds to itself: no second lookup. */
const PLAIN = /^[a-z]*$/u;

/** What a name or query states of each kind, from its text as written (not normalised). */
export function attributesOf(text: string): Attributes {
  const folded = fold(text);
  const found: Attributes = new Map();
  // As written first: "röd" is red, where its folded "rod" is a word of its own.
  for (const word of text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)) {
    const name = COLOURS.get(word) ?? (PLAIN.test(word) ? undefined : COLOURS.get(fold(word)));
    if (name) add(found, 'colour', name);
  }
  for (const { kind, value } of measures(folded)) add(found, kind, String(value));
  const words = normaliseName(text).split(' ');
  // What comes with it has no edition of its own: "… with Digital Display" is no Digital model.
  const beside = words.findIndex((w) => WITH.has(w));
  words.forEach((word, i) => {
    // "128 Go" is a capacity, not the Go edition.
    if (namesModel(word, words[i + 1]) && !countsItsNumber(words, i) && (beside < 0 || i < beside))
      add(found, 'edition', word);
    if (CONDITIONS.has(word)) add(found, 'condition', 'used');
  });
  for (const pattern of GENERATIONS)
    for (const match of folded.matchAll(pattern))
      if (!OF_A_STANDARD.test(folded.slice(0, match.index)))
        add(found, 'generation', ROMAN.get(match[1]!) ?? String(Number(match[1])));
  return found;
}

const DIGITS = /^\d+$/u;
/** Whether a unit or a pack word counts or measures the number before it ("128 Go", "8-Pack"). */
const countsItsNumber = (words: readonly string[], i: number) =>
  (UNITS.has(words[i]!) || PACK_WORDS.has(words[i]!)) && DIGITS.test(words[i - 1] ?? '');
/** Which model of a line: "Gen 3", "2nd Gen", "Mk II", a standalone "II", a year. */
const GENERATIONS = [
  /\b(?:gen|generation|generacion|generazione|generatie)\.?\s*(\d+)\b/gu,
  /\b(\d+)\s*(?:st|nd|rd|th|e|eme|a|o)?\.?\s*(?:gen|generation|generacion|generazione|generatie)\b/gu,
  /\b(?:mk|mark)\s*\.?\s*(\d+|ii|iii|iv|vi|vii|viii)\b/gu,
  /(?:^|[\s(])(ii|iii|iv|vi|vii|viii)(?=$|[\s),])/gu,
  /\b(199\d|20[0-4]\d)\b/gu,
];
/** A generation right after a standard is the standard's ("PCIe Gen4", "USB 3.2 Gen 2"). */
const OF_A_STANDARD = /\b(?:pcie|usb|sata|thunderbolt|hdmi|displayport|wi-?fi)[\s\d.,]*$/u;
/** Kinds that name a model of a line: a product that states one is not the model without it. */
const MODEL_KINDS = ['edition', 'generation', 'condition'];
/** Words that say an item is not new, in shops' languages: another offer than the product's. */
const CONDITIONS = new Set([
  ...['refurbished', 'renewed', 'reconditioned', 'remanufactured', 'used', 'preowned'],
  ...['generaluberholt', 'gebraucht', 'reconditionne', 'reacondicionado', 'ricondizionato'],
  ...['gereviseerd', 'odnowiony', 'begagnad', 'brugt', 'brukt'],
]);

/** How a value of a kind is said: "red", "2" (a pack's count), "64 gb" (a measure's, its unit). */
const said = (kind: string, value: string) => (UNITS.has(kind) ? `${value} ${kind}` : value);

/** The first edition, generation or condition only one of them states ("LA75 Plus", "Gen 3"). */
export function otherModel(
  query: Attributes,
  product: Attributes,
  /** The product's category's: a word of its kind is no edition of it (an "Air Fryer"). */
  categoryWords: ReadonlySet<string> = new Set(),
): string | undefined {
  for (const kind of MODEL_KINDS) {
    const asked = query.get(kind) ?? new Set();
    const stated = product.get(kind) ?? new Set();
    const other = (v: string, of: ReadonlySet<string>) =>
      !of.has(v) && !(kind === 'edition' && isCategoryWord(v, categoryWords));
    for (const value of stated) if (other(value, asked)) return `its ${kind} ${value}`;
    for (const value of asked) if (other(value, stated)) return `${kind} ${value}`;
  }
  return undefined;
}

/**
 * The values the query states that contradict the product, one for each kind both state where
 * the query's are none of the product's, or no more and not all among them ("8GB 256GB" against
 * "8GB 512GB"); and those it states alike. A kind only the query states describes.
 */
export function compared(query: Attributes, product: Attributes) {
  const found = { contradicted: [] as string[], agrees: [] as string[] };
  for (const [written, values] of query) {
    const [kind, asked] = inProductUnit(written, values, product);
    const stated = product.get(kind);
    // Editions and generations are otherModel's: which model, not which value.
    if (!stated || MODEL_KINDS.includes(kind)) continue;
    const shared = [...asked].filter((v) => stated.has(v));
    const list = (values: Iterable<string>) => [...values].map((v) => said(kind, v)).join(', ');
    const name = KIND_NAMES.get(kind) ?? kind;
    if (shared.length > 0) found.agrees.push(`${name} ${list(shared)}`);
    if (shared.length > 0 && (shared.length === asked.size || asked.size > stated.size)) continue;
    const other = [...asked].find((v) => !stated.has(v))!;
    found.contradicted.push(`${name} ${said(kind, other)} against its ${list(stated)}`);
  }
  return found;
}

/** What a query states, read once for the candidates a code identifies (toldBy). */
export type Told = ReturnType<typeof toldBy>;

/** A size in centimetres is one in inches ("139 cm" is 55 inches), and the other way. */
const OTHER_UNIT = new Map<string, [string, number, number]>([
  ['cm', ['in', 1 / 2.54, 0.6]],
  ['in', ['cm', 2.54, 1.5]],
]);

/** A size in the product's other unit: the value it states if near (shops round), or rounded. */
function inProductUnit(kind: string, asked: Set<string>, product: Attributes) {
  const [unit, scale, within] = OTHER_UNIT.get(kind) ?? ['', 0, 0];
  const stated = product.has(kind) ? [] : [...(product.get(unit) ?? [])];
  if (stated.length === 0) return [kind, asked] as const;
  const near = (v: number) => stated.find((s) => Math.abs(+s - v) <= within) ?? `${Math.round(v)}`;
  return [unit, new Set([...asked].map((v) => near(+v * scale)))] as const;
}

/** The values the query states that contradict a product's name (compared), one per kind. */
export const contradictions = (told: Told, name: string): string[] =>
  told.asked.size === 0 ? [] : compared(told.asked, attributesOf(name)).contradicted;

/** A kind of product is a word: "AA" and "D" of battery sizes are none ("a" in Italian). */
const KIND = /^\p{L}{3,}$/u;

/** The kinds of product of these categories: the word each ends with, singular. */
export function kindsOf(categories: readonly string[]): Set<string> {
  return new Set(
    categories.flatMap((c) => {
      const last = normaliseName(c).split(' ').at(-1);
      return last && KIND.test(last) ? [singular(last)] : [];
    }),
  );
}

/**
 * What a query states, and its kind: the last catalog kind before "with" or "for" it names, and
 * whether it says that kind is for something ("Charger for ..."): an accessory of it.
 */
export function toldBy(query: string, kinds: ReadonlySet<string>) {
  const words = normaliseName(query).split(' ');
  const beside = words.findIndex((w) => BESIDE.has(w));
  const said = (beside < 0 ? words : words.slice(0, beside)).map(singular);
  // A unit or a pack word after its number counts or measures ("8-Pack"): it is no kind.
  const kind = said.findLast((w, i) => kinds.has(w) && !countsItsNumber(said, i));
  const saysFor = kind !== undefined && FOR.has(words[beside] ?? '');
  return { asked: attributesOf(query), saysKind: kind === undefined ? [] : [kind], saysFor };
}

type OfKind = { readonly names: readonly string[]; readonly categoryWords: ReadonlySet<string> };
/** The kind of product the query says it is, if `product` is of another kind (its names say). */
const anotherKind = (told: Told, { names, categoryWords }: OfKind) =>
  told.saysKind.find(
    (w) =>
      !isCategoryWord(w, categoryWords) &&
      !names.some((n) => n.split(' ').map(singular).includes(w)),
  );

/** An accessory's kind ("Charger for ..."), if `product` is another and no accessory itself. */
export const accessoryOf = (told: Told, product: OfKind) =>
  told.saysFor && !product.names.some((n) => n.split(' ').some((w) => FOR.has(w)))
    ? anotherKind(told, product)
    : undefined;

/** What the query's statements make of the code that identifies a product. */
export type Weighed =
  | { stands: true; agrees: string[] }
  | { contradicted: string[] }
  /** Another model of its line, or another kind of product the catalog holds: words decide. */
  | { setAside: string };

/**
 * `of` without the model kinds `other` does not state, or states a value of too: an edition only
 * one of them says, or one they share, is silence; only another value of a kind both say remains.
 */
const bothSayApart = (of: Attributes, other: Attributes): Attributes =>
  new Map(
    [...of].filter(([kind, values]) => {
      const theirs = other.get(kind);
      return !MODEL_KINDS.includes(kind) || (theirs && !someOf(values, (v) => theirs.has(v)));
    }),
  );

/** Whether the code that identifies a product stands against what the query states. */
export function weighIdentifier(
  told: Told,
  product: OfKind & { readonly name: string; readonly partNumber?: boolean },
): Weighed {
  const kind = anotherKind(told, product);
  if (kind) return { setAside: `"${kind}" is another kind of product` };
  const stated = attributesOf(product.name);
  // Beside a part number ("CT2000P3PSSD8"), an edition only one of them says is silence.
  const [asked, own] = product.partNumber
    ? [bothSayApart(told.asked, stated), bothSayApart(stated, told.asked)]
    : [told.asked, stated];
  const model = otherModel(asked, own, product.categoryWords);
  if (model) return { setAside: `another model of its line (${model})` };
  const { contradicted, agrees } = compared(told.asked, stated);
  return contradicted.length > 0 ? { contradicted } : { stands: true, agrees };
}
