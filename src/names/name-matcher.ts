import { variantNamesModel, type CandidateName } from './candidate-name.js';
import type { Reading } from './closer-readings.js';
import { compactName, DIGIT, normaliseName, wordsOf } from './name-normaliser.js';
import { alignLetterRuns, readInitials } from './name-segments.js';
import { hasLetters, tokenizeNormalised, VARIANT_WORDS, type Token } from './name-tokens.js';
import { FOR, fittedTexts, runs } from './model-codes.js';
import { isTypoOf } from './typos.js';
import { nameWithWordsThatSayNothing, withBrand } from './name-keys.js';
import { softScore, type Matched } from './soft-score.js';
import type { Verdict } from './resolution-decision.js';
import { saysNothing } from './words-that-say-nothing.js';
import { compared } from './attributes.js';
import { measuresWritten } from './measures.js';

// How well a query names one candidate (a product's name or alias), from 0 to 1: hard rules first
// (docs/decisions.md: a wrong product is never presented), then soft penalties (soft-score.ts).

export interface NameMatch extends Verdict {
  /** What the score rests on, for the admin explanation. */
  notes: string[];
  /** The query's words it names and the words it adds (closer-readings.ts). */
  reading?: Reading;
  /** Set when it names every word of the query, whatever it adds: a suggestion, brand or not. */
  namesAll?: true;
}

/** A catalog name with this many words of letters or more, less its brand's, is a title. */
const TITLE_WORDS = 6;

/** Whether a name is a title whose brand the query names: most of what it says describes. */
const readAsTitle = ({ read, text, brand }: CandidateName): boolean =>
  read?.brandNamed === true &&
  text.split(' ').filter((w) => !DIGIT.test(w) && !brand.words.has(w)).length >= TITLE_WORDS;

/** How well one query names each candidate (the query read once); `key`: it without spaces. */
export type NameMatcher = ((candidate: CandidateName) => NameMatch) & { readonly key: string };

export function nameMatcher(query: string): NameMatcher {
  const normalised = normaliseName(query);
  const key = compactName(normalised);
  const namedAround = nameWithWordsThatSayNothing(normalised.split(' '));
  // The query's runs of adjacent words, joined once: every candidate asks cutShort of them.
  const joined = new Set(runs(wordsOf(normalised)));
  const queryFits = fittedTexts(normalised);
  const measures = measuresWritten(query);
  const q = queryTokens(tokenizeNormalised(normalised), joined, queryFits, measures);
  const match = (candidate: CandidateName): NameMatch => {
    const form = withBrand(compactName(candidate.text), candidate.brand.compact).indexOf(key);
    if (form === 0) return { score: 1, exact: true, notes: ['same name'] };
    if (form > 0) return { score: 1, exact: true, notes: ['same name, with its brand'] };
    // Named whole with words that say nothing, not exactly: "DTEK50 by BlackBerry" is DTEK50.
    if (namedAround(candidate)) {
      const reading = { named: q.tokens.map((t) => t.text), unsaid: [] };
      const notes = ['same name, with words that say nothing'];
      return { score: 1, complete: true, notes, reading };
    }
    const c = tokenizeNormalised(candidate.text);
    const initialled = readInitials(q.tokens, candidate.brand.compact, c);
    const aligned = alignLetterRuns(initialled, [...candidate.brand.tokens, ...c]);
    const query = aligned === q.tokens ? q : queryTokens(aligned, joined, queryFits, measures);
    const notes: string[] = [];
    const matched: Matched = { letters: false, complete: true, reading: undefined };
    const title = readAsTitle(candidate);
    const score = softScore(query, c, candidate, title, notes, matched);
    const rejected =
      hardRule(query, c, candidate, title) ??
      (matched.letters ? undefined : `the query names no word or code of "${candidate.text}"`) ??
      namesOnlyWhatItFits(candidate, matched.reading);
    const verdict =
      rejected ?? (matched.complete && 'the query names every word of it and nothing else');
    if (verdict) notes.unshift(verdict);
    const complete = (!rejected && matched.complete) || undefined;
    const namesAll = matched.reading?.named.length === query.tokens.length || undefined;
    return { score, notes, reading: matched.reading, rejected, complete, namesAll }; // one shape
  };
  return Object.assign(match, { key });
}

/** Whether all the query names but the brand is a code the name only fits ("for TI-84 Plus"). */
function namesOnlyWhatItFits(candidate: CandidateName, reading?: Reading): string | undefined {
  const codes = candidate.read?.fitsOnly ?? [];
  if (!reading || codes.length === 0) return undefined;
  const parts = new Set(codes.flatMap((code) => tokenizeNormalised(code).map((t) => t.text)));
  const named = reading.named.filter((t) => !candidate.brand.words.has(t));
  if (named.length === 0 || !named.every((t) => parts.has(t))) return undefined;
  return `the query names only what "${candidate.text}" fits`;
}

const ENDS_WITH_DIGIT = /\p{N}$/u;

/** What the hard rules ask of every candidate, taken from the query once. */
type QueryTokens = ReturnType<typeof queryTokens>;
function queryTokens(
  tokens: Token[],
  runs: ReadonlySet<string>,
  fits: ReadonlySet<string>,
  { asked, digits }: ReturnType<typeof measuresWritten>,
) {
  const count = (kind: string, n: string) =>
    tokens.filter((t) => t.kind === kind && t.text === n).length;
  return {
    /** The measures the query writes, by kind (measures.ts). */
    asked,
    /** Whether a number is written only in measures ("68" of "68,6 cm"), not read as one. */
    measured: (n: string) =>
      (digits.get(n) ?? 0) - count('unit-number', n) >= Math.max(1, count('number', n)),
    /** The texts the query gives only as what the product fits (model-codes.ts, fittedTexts). */
    fits,
    /** Whether the query writes a word, whole or in adjacent words ("iPad 2" of "ipad2"). */
    joined: (word: string) => runs.has(word),
    /** The start of this word, up to a digit, that the query writes and stops at, if any. */
    cutShort: (word: string): string | undefined => {
      for (let end = word.length - 1; end > 0; end--) {
        const start = word.slice(0, end);
        if (ENDS_WITH_DIGIT.test(start) && runs.has(start)) return start;
      }
      return undefined;
    },
    tokens,
    numbers: tokens.filter((t) => t.kind === 'number'),
    unitNumbers: tokens.filter((t) => t.kind === 'unit-number'),
    codes: tokens.filter((t) => t.kind === 'code'),
    texts: new Set(tokens.map((t) => t.text)),
    variants: new Set(tokens.filter((t) => t.kind === 'variant').map((t) => t.text)),
  };
}

/** A number written in a word (a code's "3" of "A3L791", "II"), not a quantity or a measure. */
const inWord = (t: Token) => t.kind === 'number' && t.word !== undefined;

/** Why the query cannot name this candidate, if a hard rule says so. */
function hardRule(q: QueryTokens, c: Token[], candidate: CandidateName, title: boolean) {
  const { text: name, read } = candidate;
  const brand = candidate.brand.tokens;
  // A bare number is the name's ("65-inch") or its brand's ("Fusion5"); in a title, no code's.
  const remaining = [...c, ...brand].filter((t) => !hasLetters(t));
  // Anchored, only what tells the product from its siblings contradicts it.
  const anchored = read?.anchor !== undefined;
  const contradicts = (word: string) => !anchored || read.distinguishes(word);
  // Anchored by its own code, what the query says it fits is no other model of it.
  const fitted = (text: string) => anchored && q.fits.has(text);
  // A term of many products' names ("MP3", "3D") is a word, not a model number.
  const term = (t: Token) => t.word !== undefined && read?.describesTerm(t.word) === true;
  const stated = () => candidate.states?.() ?? measuresWritten(name).asked;
  for (const token of q.numbers) {
    const n = token.text;
    if (fitted(n)) continue;
    const alone = title && !inWord(token) && read!.specifies(n);
    // A quantity alone is no code's digit, but the code written apart ("iPad 2" of "iPad2").
    const at = remaining.findIndex(
      (r) => r.text === n && (!(alone && inWord(r)) || q.joined(r.word!)),
    );
    const other = anchored && (read.specifies(n) || read.inCode(n) || read.tellsNoMember(n));
    if (at !== -1) remaining.splice(at, 1);
    // Beside the code that identifies it, a number is a measure or describes ("14 cores").
    if (at !== -1 || other || term(token) || (!q.measured(n) && candidate.identified)) continue;
    if (!q.measured(n)) return `number ${n} is not in "${name}"`;
    // A measure is compared as one: only another value of its kind the name states contradicts.
    const [conflict] = compared(q.asked, stated()).contradicted;
    if (conflict !== undefined) return conflict;
  }
  for (const u of q.unitNumbers) {
    const same = c.filter((t) => t.kind === 'unit-number' && t.unit === u.unit);
    if (same.length === 0 || same.some((t) => t.text === u.text)) continue;
    // A measure the name states as a decimal its tokens cut ("3.0-Inch": 0in) is that measure.
    if (compared(measuresWritten(u.text + u.unit).asked, stated()).agrees.length === 0)
      return `${u.text}${u.unit} differs from "${name}"`;
  }
  const texts = new Set([...c, ...brand].map((t) => t.text));
  let compactOnce: string[] | undefined;
  for (const token of q.codes) {
    if (term(token)) continue;
    if (!texts.has(token.text) && contradicts(token.text) && !fitted(token.text))
      return `model code "${token.text}" is not in "${name}"`;
    // A code written as one word ("NEXT7") is carried as that word: apart ("NEXT6 7-Inch"), no.
    const word = token.word;
    if (anchored || !token.attached || word === undefined) continue;
    compactOnce ??= [compactName(name), compactName(`${candidate.brand.normalised} ${name}`)];
    if (!compactOnce.some((c) => c.includes(word)))
      return `model code "${word}" is not in "${name}"`;
  }
  // Letters glued to the query's model number make another ("8a"), unless the name says it too.
  for (const code of anchored ? [] : c) {
    if (!code.attached || q.texts.has(code.text)) continue;
    const start = q.cutShort(code.word!);
    if (start !== undefined && !name.split(' ').includes(start))
      return `"${name}" has model code "${code.text}", which the query does not`;
  }
  // A variant glued on one side ("HL-L2380DW"), a category's word ("GPU") or "by" is known.
  const known = (v: string) =>
    texts.has(v) || candidate.brand.words.has(v) || saysNothing(v, candidate.categoryWords);
  if (read?.untoldFrom !== undefined)
    return `the query does not tell it from "${read.untoldFrom}", which its code names too`;
  // A variant word always contradicts, unless the code that identifies the product stands, its
  // editions weighed (attributes.ts); a designator ("2 x Button") only where it tells apart.
  for (const v of q.variants)
    if (!known(v) && (VARIANT_WORDS.has(v) ? !candidate.identified : contradicts(v)))
      return `variant "${v}" is not in "${name}"`;
  // A variant word after what the name fits ("Tape for P-Touch") is the other product's.
  const fitsFrom = c.findIndex((t) => t.kind === 'word' && FOR.has(t.text));
  for (const [i, { kind, text: v }] of c.entries()) {
    if (anchored || (fitsFrom >= 0 && i > fitsFrom)) break;
    if (
      kind !== 'variant' ||
      q.texts.has(v) ||
      saysNothing(v, candidate.categoryWords) ||
      (title && !variantNamesModel(v, c[i - 1], read))
    )
      continue;
    const misspelt = q.tokens.some((t) => isTypoOf(t, { text: v, kind: 'variant' }));
    if (!misspelt) return `"${name}" is the ${v} variant`;
  }
  return undefined;
}
