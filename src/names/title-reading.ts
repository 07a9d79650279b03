import { makerOf, type BrandForm, type ReadAgainst, type ReadProduct } from './candidate-name.js';
import {
  compactName,
  LETTER,
  normaliseName,
  remembered,
  someOf,
  wordsOf,
} from './name-normaliser.js';
import {
  FILLER_WORDS,
  measuresByUnit,
  mixesLettersAndDigits,
  tokenizeNormalised,
  tokenOf,
} from './name-tokens.js';
import {
  chunks,
  codeEnds,
  type Chunk,
  codesCarried,
  fittedChunks,
  isCode,
  MIN_CODE_LENGTH,
  ONLY_LETTERS,
  runs,
  writtenApart,
  writtenCodes,
} from './model-codes.js';
import { makersLines, untoldMembers } from './siblings.js';
import { isTypoOf, mayBeMisspelt } from './typos.js';
import { carries, singular } from './words-that-say-nothing.js';
import { fitsAfterFor } from './title-for.js';
import { attributesOf } from './attributes.js';
import { measuresWritten } from './measures.js';

// A query read against its candidates: what describes, what identifies (docs/resolution.md).

/** A carried word this long, glued inside a word of the query, is read in it. */
const MIN_GLUED = 4;
/** A number and the word it counts ("88key" of "88-Key"). */
const COUNTED = /^\p{N}+\p{L}{3,}$/u;
/** A word and a version ("Gen4", "PS5", "DDR4"), never a model's letter and number ("N570"). */
const STANDARD = /^\p{L}{2,}\p{N}{1,2}$/u;

/** Quantities alone ("50", `3/4"`) or joined ("10/100/1000", "1920x1080"), never "48213". */
const QUANTITY = /^\p{N}{1,4}(?:[.,]\p{N}+)*(?:[/x×]\p{N}{1,4}(?:[.,]\p{N}+)*)*[,;:)"″]*$/u;
const token = (text: string) => tokenOf(text, 'word');

/** Whether a normalised name has the word: a substring first, quickly. */
const hasWord = (word: string) => (name: string) =>
  name.includes(word) && ` ${name} `.includes(` ${word} `);

/** The words a product carries (its names' and its brand's), singular too. */
function carriedWords({ names, brand }: ReadProduct): Set<string> {
  const into = new Set<string>(brand.words);
  for (const word of names.flatMap(wordsOf)) into.add(word).add(singular(word));
  return into;
}

/** A code on more search names than this is a family's or a measure's, not one product's. */
const MAX_ANCHOR_NAMES = 4;

/** What the catalog says of a term of the query (its vocabulary, search_terms). */
export interface TermCounts {
  /** How many search names carry the term; undefined when the lookup did not ask. */
  namesCarrying(term: string): number | undefined;
  /** How many times the term tells two products of one brand apart. */
  siblings(term: string): number;
  /** How many search names the catalog has (0 when unknown). */
  readonly searchNames: number;
}

/** A word on this share of names, and COMMON_NAMES, is common ("port"), no line ("MicroShell"). */
const COMMON_SHARE = 0.001;
/** A word that tells this share of the names carrying it apart from a sibling distinguishes. */
const DISTINGUISHING_SHARE = 0.01;
const COMMON_NAMES = 20;

/** The model codes a query writes (writtenCodes), a quantity ("10/100/1000") never one. */
export const queryCodes = (written: Chunk[], counts: TermCounts): string[] =>
  writtenCodes(
    written.filter(({ chunk }) => !QUANTITY.test(chunk)),
    (term) => counts.namesCarrying(term),
  );

/** How the query reads against each candidate, by its index. */
export function readTitle(
  query: string,
  products: readonly ReadProduct[],
  counts: TermCounts,
  /** The query's chunks between spaces and its codes, when the caller has read them already. */
  written: Chunk[] = chunks(query),
  codesWritten: readonly string[] = queryCodes(written, counts),
): { against(index: number): ReadAgainst } {
  const queryWords = wordsOf(normaliseName(query));
  const querySet = new Set(queryWords);
  const queryRuns = runs(queryWords);
  // Whether the query names a brand: its words, or the brand written as one word.
  const brandNamed = (brand: BrandForm) =>
    brand.compact !== '' &&
    ([...brand.words].every((w) => querySet.has(w)) ||
      queryRuns.some((run) => run.startsWith(brand.compact)));
  // Each candidate's words, read only when a word of the query asks (most never do), and their
  // union over the candidates or over a maker's.
  const own = remembered((i: number) => carriedWords(products[i]!));
  const makers = products.map((p) => makerOf(p.brand));
  const carriedBy = (of: (i: number) => boolean) => {
    const into = new Set<string>();
    for (let i = 0; i < products.length; i++) if (of(i)) for (const w of own(i)) into.add(w);
    return into;
  };
  let carriedOnce: Set<string> | undefined;
  const carried = () => (carriedOnce ??= carriedBy(() => true));
  const measuresOf = remembered((i: number) => measuresByUnit(products[i]!.names));
  const commonAt = Math.max(COMMON_NAMES, COMMON_SHARE * counts.searchNames);
  const rare = (code: string) => (counts.namesCarrying(code) ?? Infinity) <= MAX_ANCHOR_NAMES;
  // A code given only as what the product fits ("Drum For CLP-310") never anchors nor unanchors.
  const fitted = new Set(writtenCodes(fittedChunks(written)));
  // A code written in parts ("SH 350 IP") is the code a candidate's name writes as one word.
  const named = [
    ...codesWritten,
    ...writtenApart(written, (code) => products.some((p) => p.names.some(hasWord(code)))),
  ].filter((code) => !fitted.has(code) && (counts.namesCarrying(code) ?? Infinity) < commonAt);
  const codes = named.filter(rare);
  const codeChunks = written.filter(({ chunk }) => mixesLettersAndDigits(chunk));
  const codeParts = new Set(codeChunks.flatMap((c) => c.words));
  const ends = codeEnds(codeChunks);
  const quantities = new Set(
    written
      .flatMap(({ chunk }) => (QUANTITY.test(chunk) ? chunk.match(/\p{N}+/gu)! : []))
      .map((n) => String(Number(n))),
  );
  // The numbers the query writes inside its codes ("570" of "N570", "50" of "C-50").
  const codeNumbers = new Set(
    codeChunks
      .filter(({ words }) => isCode(words))
      .flatMap(({ words }) => tokenizeNormalised(words.join(' ')))
      .filter((t) => t.kind === 'number')
      .map((t) => t.text),
  );
  // A code anchors its whole carriers under a brand the query names, or as their own identifier
  // where no product of a brand it names carries a code it writes (then another's is a stand-in).
  const { carriers, codeNamed, fitsOnly } = codesCarried(products, named, codes, querySet);
  const anchors = new Map<number, string>();
  const byBrand = [...carriers.values()].flat().some((f) => brandNamed(products[f.index]!.brand));
  // Its own code before a family's ("952310" before "WILSON400"), then the longer.
  const alone = (code: string) => carriers.get(code)!.length === 1;
  const stronger = (code: string, than: string) =>
    alone(code) !== alone(than) ? alone(code) : code.length > than.length;
  for (const [code, found] of carriers) {
    if (!found.every((f) => f.whole)) continue;
    for (const { index, identifier } of found) {
      if (!brandNamed(products[index]!.brand) && (!identifier || byBrand)) continue;
      const known = anchors.get(index);
      if (!known || stronger(code, known)) anchors.set(index, code);
    }
  }
  // A code of the query with letters this product lacks, but its anchor cut short ("BE365" of
  // "BE365VPLY505"), is another's ("WCL-Z200" is no "TCL-Z200"); digits alone may be a shop's.
  // A short "Gen4" or "PS5" says a standard, unless the product writes "DDS-3" of a "DDS-2".
  const another = (code: string, index: number, anchor: string) => {
    // Nor does a number and the word it counts: "88-Key", "3-Way" say what it has.
    if (!LETTER.test(code) || anchor.includes(code) || COUNTED.test(code)) return false;
    // Nor a measure ("850W"); nor, beside its part number (an alias), one no name carries: the
    // item's other numbering ("GX850 … VTPSU-850GX").
    if (measuresWritten(code).asked.size > 0) return false;
    const alias = products[index]!.names.slice(1).some((name) => compactName(name) === anchor);
    if (alias && counts.namesCarrying(code) === 0) return false;
    if (code.length > MIN_CODE_LENGTH || !STANDARD.test(code)) return true;
    const letters = code.replace(/\p{N}+/gu, '');
    return products[index]!.names.some((name) => wordsOf(name).includes(letters));
  };
  for (const [index, anchor] of [...anchors])
    for (const code of codes.filter((code) => another(code, index, anchor)))
      if (!carriers.get(code)?.some((c) => c.index === index)) anchors.delete(index);
  // A family the code anchors must be told apart by what the query says (siblings.ts).
  const families = new Map<string, number[]>();
  for (const [index, code] of anchors) families.set(code, [...(families.get(code) ?? []), index]);
  const untold = untoldMembers(families, products, querySet, query);
  const misspells = (word: string) => {
    const [typed, one] = [token(word), singular(word)];
    if (!mayBeMisspelt(typed)) return false;
    return someOf(carried(), (t) => t !== word && t !== one && isTypoOf(typed, token(t)));
  };
  // A word glued to a longer one ("SGKomen" of "Susan G Komen") is that word, not a description.
  const glued = (word: string) =>
    word.length > MIN_GLUED &&
    someOf(carried(), (c) => c.length >= MIN_GLUED && c !== word && word.includes(c));
  // Another candidate's brand ("Targus ... for BlackBerry") says which product, never describes.
  const brands = new Set(products.flatMap((p) => [...p.brand.words]));
  // A code's part, a brand, a candidate's word misspelt or glued: that word, never a description.
  const placed = (word: string, misspelt: (word: string) => boolean) =>
    codeParts.has(word) || brands.has(word) || misspelt(word) || glued(word);
  const plain = remembered(
    (word: string) => counts.siblings(word) === 0 && !placed(word, misspells),
  );
  const often = (word: string) =>
    counts.searchNames > 0 && (counts.namesCarrying(word) ?? 0) >= commonAt;
  // A maker's candidates' words, by their brand's first word ("Seiko", "Seiko Instruments").
  const makerCarries = remembered((maker: string) => carriedBy((i) => makers[i] === maker));
  // Beside an anchor, only a word that often tells a brand's products apart (a colour) contradicts.
  const tellsApart = (word: string) =>
    counts.siblings(word) > 0 &&
    counts.siblings(word) >= DISTINGUISHING_SHARE * (counts.namesCarrying(word) ?? 0);
  // Beside a code, a common word of names is written as meant ("Class" is no misspelt "Glass").
  const misspeltBesideCode = (word: string) => !often(word) && misspells(word);
  const othersOfMaker = remembered((i: number) =>
    products.flatMap((_, j) => (j !== i && makers[j] === makers[i] ? [j] : [])),
  );
  const namedOf = remembered((i: number) => [...querySet].filter((w) => own(i).has(w)));
  const setsApart = (i: number) => (word: string) =>
    othersOfMaker(i).some((j) => !own(j).has(word) && namedOf(i).every((w) => own(j).has(w)));
  // An anchor no other product carries identifies it, unless the query says a line sibling's word.
  // So does a family's, for the one member the query tells from every other ("EX-Z16 … Pink").
  const identifies = (index: number): string | undefined => {
    const code = anchors.get(index);
    const family = code === undefined ? [] : families.get(code)!;
    const told = !untold.has(index) && family.every((j) => j === index || untold.has(j));
    if (code === undefined || !told || carriers.get(code)!.length > family.length) return undefined;
    const names = family.flatMap((j) => products[j]!.names);
    const carrying = names.filter((name) => runs(wordsOf(name)).includes(code));
    if ((counts.namesCarrying(code) ?? Infinity) > carrying.length) return undefined;
    const line = namedOf(index).filter(
      (w) => ONLY_LETTERS.test(w) && !brands.has(w) && !FILLER_WORDS.has(w),
    );
    const beside = othersOfMaker(index).filter((j) => line.some((w) => own(j).has(w)));
    // Words and measures ("10gb"), not a quantity, a part of the code, or a word of many names.
    const lacked = [...querySet].filter(
      (w) =>
        LETTER.test(w) &&
        !FILLER_WORDS.has(w) &&
        !code.includes(w) &&
        !carries(own(index), w) &&
        !often(w),
    );
    return lacked.some((w) => beside.some((j) => carries(own(j), w))) ? undefined : code;
  };
  const lineNamed = makersLines(products, querySet, counts, own);
  const generations = remembered((_: void) => attributesOf(query).get('generation'));
  const fitsIt = fitsAfterFor(query, queryWords, brands, anchors, own);
  // A word of letters and digits on this many names is a term of many products ("MP3").
  const term = (word: string) =>
    mixesLettersAndDigits(word) && (counts.namesCarrying(word) ?? 0) >= commonAt;
  return {
    against: (index) => {
      const { brand } = products[index]!;
      const siblingsCarry = () => makerCarries(makers[index]!);
      const anchor = anchors.get(index);
      const identifiedBy = identifies(index);
      return {
        // Anchored, a word that tells no siblings apart describes, whichever candidates carry it.
        describes: (word) =>
          anchor !== undefined
            ? !tellsApart(word) && !brands.has(word) && !misspeltBesideCode(word)
            : !carries(siblingsCarry(), word) && plain(word),
        unknown: (word) => counts.namesCarrying(word) === 0,
        makerLacks: (word) => !carries(siblingsCarry(), word) && !placed(word, misspeltBesideCode),
        // A common word one of its brand's candidates carries tells them apart.
        common: (word) => often(word) && plain(word) && !siblingsCarry().has(word),
        describesMeasure: (value, unit) =>
          !products.some((_, j) => measuresOf(j).get(unit)?.has(value)),
        statesMeasure: (value, unit) => {
          const values = measuresOf(index).get(unit);
          return values === undefined ? undefined : values.has(value) ? 'same' : 'other';
        },
        // Anchored, unless it tells siblings apart; else unless ever told apart or its maker's say it.
        describesTerm: (word) =>
          term(word) &&
          (anchor !== undefined
            ? !tellsApart(word)
            : brandNamed(brand) && counts.siblings(word) === 0 && !siblingsCarry().has(word)),
        brandWord: (word) => brands.has(word),
        distinguishes: tellsApart,
        neverApart: (word) => counts.siblings(word) === 0,
        setsApart: setsApart(index),
        meant: often,
        specifies: (number) => quantities.has(number),
        // A number no member of its family carries tells none apart, unless a year or generation.
        tellsNoMember: (number) =>
          anchor !== undefined &&
          !generations()?.has(number) &&
          families.get(anchor)!.length > 1 &&
          !families.get(anchor)!.some((j) => own(j).has(number)),
        inCode: (number) => codeNumbers.has(number),
        brandNamed: brandNamed(brand),
        codeNamed: codeNamed.has(index),
        lineNamed: () => lineNamed(index),
        codeEnd: (word) => ends.has(word),
        fitsOnly: fitsOnly.get(index) ?? [],
        ...(fitsIt(index) && { fitted: true as const }),
        ...(untold.has(index) && { untoldFrom: untold.get(index)! }),
        ...(anchor !== undefined && { anchor }),
        ...(identifiedBy !== undefined && { identifiedBy }),
        toldFromFamily: (families.get(identifiedBy ?? '')?.length ?? 0) > 1 || undefined,
      };
    },
  };
}
