import { compactName, normaliseName, wordsOf } from './name-normaliser.js';
import { isModelPart, tokenizeNormalised, VARIANT_WORDS, type Token } from './name-tokens.js';

// A product's name or alias as matching reads it, with its brand and category (name-matcher.ts).

export interface CandidateName {
  /** The name or alias as stored (normalised). */
  text: string;
  /** Set when the text is one of the product's aliases alone (a model number), not its name. */
  alias?: true;
  /** The product's brand, which a query may omit, glue to the name or add freely. */
  brand: BrandForm;
  /** Words of the product's category, which a query may add freely. */
  categoryWords: ReadonlySet<string>;
  /** How the query reads against this product among the other candidates (title-reading.ts). */
  read?: ReadAgainst;
  /** The measures the product's name states, read from it as written (measures.ts). */
  states?: () => Map<string, Set<string>>;
  /** Whether a code no other product carries identifies it, uncontradicted (weighIdentifier). */
  identified?: boolean;
}

export interface ReadAgainst {
  /** Whether a word of the query describes, carried by no candidate. */
  describes(word: string): boolean;
  /** Whether no name of the catalog carries a word of the query (in any language): it describes. */
  unknown(word: string): boolean;
  /** Whether no candidate of its maker carries a word of the query, however often told apart. */
  makerLacks(word: string): boolean;
  /** Whether a word of the query some candidate carries is a common word of names. */
  common(word: string): boolean;
  /** Whether a measure of the query ("128gb") is stated by no candidate. */
  describesMeasure(value: string, unit: string): boolean;
  /** Whether its names state the measure ("8mp": `same`), only another of its unit, or none. */
  statesMeasure(value: string, unit: string): 'same' | 'other' | undefined;
  /** Whether a word of the query is a candidate's brand: it says which product, never describes. */
  brandWord(word: string): boolean;
  /** Whether a word of letters and digits is a term of many names ("MP3") that describes. */
  describesTerm(word: string): boolean;
  /** Whether a number of the query is written alone, as a quantity ("2.0", "50 Sheets"). */
  specifies(number: string): boolean;
  /** Whether no member of the family its code anchors carries a number ("88" of "88-Key"). */
  tellsNoMember(number: string): boolean;
  /** Whether a number of the query is written inside one of its codes ("570" of "N570"). */
  inCode(number: string): boolean;
  /** The query's model code only this product carries, under a brand the query names. */
  anchor?: string;
  /** The anchor when no product of the catalog but this carries it: it identifies the product. */
  identifiedBy?: string;
  /** Set when other products carry it, which the query tells this one from ("EX-Z16 … Pink"). */
  toldFromFamily?: true;
  /** Whether the catalog often tells two products of a brand apart by this word (a colour). */
  distinguishes(word: string): boolean;
  /** Whether the catalog never tells two products of a brand apart by this word. */
  neverApart(word: string): boolean;
  /** Whether a word of its name tells it from a candidate of its maker carrying what it does. */
  setsApart(word: string): boolean;
  /** Whether a word of the query is a common word of names ("iPad"), never a misspelt "iPod". */
  meant(word: string): boolean;
  /** Whether the query names this product's brand: its descriptions then cost nothing. */
  brandNamed: boolean;
  /** Whether the query writes a code this name carries: another of its codes may be a part's. */
  codeNamed: boolean;
  /** Whether the query names a word only this maker's names carry (a line: "PowerJolt"). */
  lineNamed(): boolean;
  /** Another candidate its anchoring code anchors, which the query does not tell from it. */
  untoldFrom?: string;
  /** Whether a word of the query ends a code it writes ("BLKS" of "V7N3C5E-03F-BLKS"). */
  codeEnd(word: string): boolean;
  /** The query's model codes this name carries only as what it fits ("for TI-84 Plus"). */
  fitsOnly: readonly string[];
  /** Set when the query is something else for this product ("Rubber Tips for … GC16040"). */
  fitted?: true;
}

/** A product as a title's reading sees it (title-reading.ts): its normalised names and brand. */
export interface ReadProduct {
  readonly names: readonly string[];
  readonly brand: BrandForm;
  /** Its category's words, which a name says as words, never as a code's part. */
  readonly categoryWords?: ReadonlySet<string>;
}

/** A brand as matching reads it: normalised once per brand, not once per candidate. */
export interface BrandForm {
  normalised: string;
  /** Without spaces, as exact matching compares names. */
  compact: string;
  words: ReadonlySet<string>;
  tokens: Token[];
}

export function brandForm(brand: string): BrandForm {
  const normalised = normaliseName(brand);
  return {
    normalised,
    compact: compactName(normalised),
    words: new Set(wordsOf(normalised)),
    tokens: tokenizeNormalised(normalised),
  };
}

/** A brand's maker, as candidates of one maker are read together: its first word ("Seiko"). */
export const makerOf = (brand: BrandForm): string => brand.normalised.split(' ')[0] ?? '';

/** Whether a variant word names another model: after a number ("534 Plus"), or if told apart. */
export const variantNamesModel = (word: string, previous?: Token, read?: ReadAgainst): boolean =>
  VARIANT_WORDS.has(word) && (read?.neverApart(word) !== true || isModelPart(previous));
