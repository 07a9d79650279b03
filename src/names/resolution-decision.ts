// The best candidate is found only if confident and clearly ahead; else the close ones suggested.

/** The least score of a product presented as found. */
export const FOUND_AT = 0.8;
/** What each thing a query lacks, or a candidate says that it does not, costs (soft-score.ts). */
export const PENALTY = {
  unmatchedWord: 0.3,
  genericWord: 0.04,
  typo: 0.06,
  missingBrand: 0.02,
  /** A number the candidate has and the query lacks: usually another generation (Z6 II, Move 2). */
  missingNumber: 0.25,
  /** A size the candidate states and the query does not (65-inch). */
  missingSize: 0.12,
  /** A model code the query lacks ("MP" of "MP 7502"): "7502" may be another model. */
  missingCode: 0.22,
  /** A word that tells the candidate apart (Oasis, True, Combo): one alone falls below FOUND_AT. */
  missingWord: 0.22,
  missingQualifier: 0.01,
  /** A storage size the catalog does not state: possibly another product. */
  unitOmitted: 0.22,
  /** A word of the query that no candidate carries: it describes (title-reading.ts). */
  description: 0.01,
  /** A further description of a product no code of the query anchors. */
  furtherDescription: 0.08,
  /** A common word of names the candidate lacks, which the catalog never tells siblings by. */
  commonWord: 0.1,
  /** What an anchored candidate says that the query does not: it describes the product. */
  describedByAnchor: 0.01,
  /** A word of a title (a long catalog name) the query does not give: most of them describe. */
  titleWord: 0.02,
  /** A number or code of a title the query does not give: a part number, or another model. */
  titleCode: 0.06,
  /** ...and of a title the query's own code anchors: a second part number. */
  anchoredCode: 0.05,
  /** A word of the candidate the query lacks that tells it from no other candidate. */
  unsaidDescription: 0.05,
} as const;

/** A score as its decimals: 1 less four costs of 0.05 is 0.8, which FOUND_AT accepts. */
export const decimal = (value: number): number => Math.round(value * 1e9) / 1e9;

/** The least score of a product that a code no other product carries identifies. */
export const IDENTIFIED_AT = 0.9;
/** How far the found product must lead the runner-up: by more than this. */
export const MARGIN = 0.1;
/** A candidate a hard rule rejected can still be suggested, at this fraction of its score. */
export const REJECTED_WEIGHT = 0.6;
/** A candidate whose maker the query names is suggested at least at this share of its weight. */
export const COVERAGE_WEIGHT = 0.6;
/** The least a candidate is suggested at for what it carries of the query's identifiers. */
export const CODE_SUGGESTED = {
  /** A code that identifies it, a rule of the words refusing it: above words alone. */
  identified: FOUND_AT - 0.005,
  /** A code that anchors it: above those sharing words. */
  anchored: 0.7,
  /** A code the query writes: an identifier. */
  carried: 0.5,
};
/** What a candidate carries of the query's identifiers, strongest first. */
export type CodeEvidence = keyof typeof CODE_SUGGESTED | undefined;
/** Within a code's band, candidates rank by the query's weight they carry: up to this above. */
const IN_BAND = 0.09;
/** A candidate's score as a suggestion: its score, the query's weight it carries, its code. */
export const suggestedAt = (score: number, coverage: number, code?: CodeEvidence): number => {
  const carried = Math.min(1, coverage);
  const floor = code === undefined ? 0 : CODE_SUGGESTED[code];
  const band = code === undefined || code === 'identified' ? floor : floor + IN_BAND * carried;
  return Math.max(score, COVERAGE_WEIGHT * carried, decimal(band));
};
/** Suggestions below this are noise, not suggestions. */
const SUGGEST_AT = 0.2;
export const MAX_SUGGESTIONS = 5;
/** Why a query that is exactly one product's name is that product. */
export const EXACTLY_ONE_NAME = 'the query is exactly one of its names';

/** How a query reads one name (name-matcher.ts), or a product by the best of its names. */
export interface Verdict {
  /** Of a product, the best over its names and aliases that no hard rule rejects. */
  score: number;
  /** Why a hard rule rejected the name; of a product, every one of its names. */
  rejected?: string;
  /** The query is the name, to the letter once normalised, with or without its brand. */
  exact?: boolean;
  /** The query names every word of the name and nothing else, typos and its brand aside. */
  complete?: boolean;
}

export interface ScoredProduct extends Verdict {
  productId: string;
  name: string;
  /** The query writes a code no other product carries, and states nothing it contradicts. */
  identified?: boolean;
  /** The score shown as match_score: reduced for rejected candidates. */
  suggestionScore: number;
  /** Another candidate's name that reads the query as closely (closer-readings.ts). */
  outreadBy?: string;
  /** Whether the query states another value of a kind it states (attributes.ts), if weighed. */
  contradicted?: boolean;
}

export interface Decision {
  found?: ScoredProduct;
  suggestions: ScoredProduct[];
  reason: string;
}

const byName = (a: ScoredProduct, b: ScoredProduct) =>
  a.name.localeCompare(b.name) || a.productId.localeCompare(b.productId);
/** The order a decision weighs candidates in: by score alone. */
const byScore = (a: ScoredProduct, b: ScoredProduct) => b.score - a.score || byName(a, b);
/** The order suggestions are offered in. */
const bySuggestion = (a: ScoredProduct, b: ScoredProduct) =>
  b.suggestionScore - a.suggestionScore || byName(a, b);

/** How far one score leads another, in decimals (0.9 - 0.8 is 0.1, not less). */
const lead = (best: ScoredProduct, runnerUp: ScoredProduct) => decimal(best.score - runnerUp.score);

/** Whether the query states another value of a kind the candidate states (a colour). */
export type Contradicts = (candidate: ScoredProduct) => boolean;

/** `why`: the name is refused whatever its candidates say, and why (suggestions searched again). */
export function decide(scored: ScoredProduct[], contradicts?: Contradicts, why?: string): Decision {
  const eligible = scored.filter((p) => !p.rejected).sort(byScore);
  const [best, runnerUp] = eligible;
  const fmt = (n: number) => n.toFixed(3);
  let found: ScoredProduct | undefined;
  let reason: string;
  const exact = eligible.filter((p) => p.exact);
  const complete = eligible.filter((p) => p.complete);
  const identified = eligible.filter((p) => p.identified);
  // Naming a product exactly is decisive: one probe of the name's key gives the same (issue 34).
  if (exact.length === 1) return { found: exact[0], suggestions: [], reason: EXACTLY_ONE_NAME };
  if (exact.length > 1) reason = 'the query is exactly a name of several products';
  else if (!best) reason = 'no candidate survives the hard rules';
  else if (identified.length > 1) reason = 'the query writes codes of several products';
  else if (identified.length === 1 && complete.every((p) => p === identified[0])) {
    // Words never outvote a code: a value stated otherwise has rejected it already (attributes.ts).
    found = identified[0];
    reason = 'the query writes its code, tells it from any other carrying it, contradicts nothing';
  } else if (complete.length === 1 && complete[0]!.score >= Math.max(best.score, FOUND_AT)) {
    // So is naming all of it, a typo forgiven, where a sibling says more ("Dekjet 1050 J410").
    found = complete[0];
    reason = `the query names it whole and no other, and its ${fmt(found!.score)} is the best`;
  } else if (best.score < FOUND_AT) reason = `best ${fmt(best.score)} is below ${FOUND_AT}`;
  else if (runnerUp && lead(best, runnerUp) <= MARGIN)
    reason = `best ${fmt(best.score)} and runner-up ${fmt(runnerUp.score)} are within ${MARGIN}`;
  else {
    found = best;
    reason =
      `best ${fmt(best.score)} clears ${FOUND_AT}` +
      (runnerUp ? ` and leads by ${fmt(lead(best, runnerUp))}` : '');
  }
  if (found?.outreadBy !== undefined) {
    reason = `"${found.outreadBy}" names as much of the query as its best: the query does not tell them apart`;
    found = undefined;
  }
  // Found by its words, it is another product where the query states another value ("Starlight").
  if (found && found.contradicted === undefined && contradicts?.(found)) {
    reason = 'the query states another value of a kind its best candidate states';
    found = undefined;
  }
  if (why !== undefined) [found, reason] = [undefined, why];
  const offered = scored.filter((p) => p !== found && p.suggestionScore >= SUGGEST_AT);
  const suggestions = weighValues(offered.sort(bySuggestion), contradicts);
  return { ...(found && { found }), suggestions, reason };
}

/** At most this many suggestions' values are read. */
const VALUES_READ = 4 * MAX_SUGGESTIONS;

/** Suggestions, best first: one stating another value is offered at REJECTED_WEIGHT its score. */
function weighValues(list: ScoredProduct[], contradicts?: Contradicts): ScoredProduct[] {
  const read = new Set<string>();
  for (;;) {
    const at = list.findIndex((p, i) => i < MAX_SUGGESTIONS && !read.has(p.productId));
    // Where most candidates contradict the query, the first few read are enough (the rest stay).
    if (!contradicts || at < 0 || read.size === VALUES_READ) return list.slice(0, MAX_SUGGESTIONS);
    const candidate = list[at]!;
    read.add(candidate.productId);
    if (candidate.contradicted !== undefined || !contradicts(candidate)) continue;
    const suggestionScore = decimal(candidate.suggestionScore * REJECTED_WEIGHT);
    list[at] = { ...candidate, contradicted: true, suggestionScore };
    list.sort(bySuggestion);
  }
}
