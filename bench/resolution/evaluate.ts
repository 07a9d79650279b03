// Scoring a name resolver against labelled queries. Pure: no database, no Nest, no resolver
// import (outcomes are matched structurally), so the bench script and the e2e test share it.
//
// Precision first (docs/decisions.md, Resolution): the headline number is the wrong-product rate,
// any `found: true` whose id is not the label, including a found answer to a query that
// should have been refused. Recall and correct refusals come next.

/**
 * What a query tests. 'generation', 'size' and 'colour' are held-out siblings of the generated
 * catalog; 'category-word', 'vendor-full', 'lower-glued', 'unicode-noise' and 'two-typos' are
 * kinds of the held-out set of real names (resolution/heldout/README.md); 'words-around' and
 * 'with-alias' are derived from the sets of real names (realnames.ts); 'listing', 'listing-short'
 * and 'listing-absent' are one retailer's titles against another's listings (listings.ts).
 */
export type QueryKind =
  | 'exact'
  | 'brand-name'
  | 'brand-after'
  | 'category-word'
  | 'vendor-full'
  | 'words-around'
  | 'with-alias'
  | 'noise'
  | 'lower-glued'
  | 'unicode-noise'
  | 'typo'
  | 'two-typos'
  | 'brand-dropped'
  | 'alias'
  | 'near-miss'
  | 'variant'
  | 'ambiguous'
  | 'absent'
  | 'gibberish'
  | 'generation'
  | 'size'
  | 'colour'
  | 'listing'
  | 'listing-short'
  | 'listing-absent'
  | 'listing-code'
  | 'listing-start';

export const QUERY_KINDS: readonly QueryKind[] = [
  'exact',
  'brand-name',
  'brand-after',
  'category-word',
  'vendor-full',
  'words-around',
  'with-alias',
  'noise',
  'lower-glued',
  'unicode-noise',
  'typo',
  'two-typos',
  'brand-dropped',
  'alias',
  'near-miss',
  'variant',
  'generation',
  'size',
  'colour',
  'listing',
  'listing-short',
  'listing-absent',
  'listing-code',
  'listing-start',
  'ambiguous',
  'absent',
  'gibberish',
];

export interface LabelledQuery {
  readonly query: string;
  /** The one catalog product the query denotes, or null when it denotes none or several. */
  readonly expected: string | null;
  readonly kind: QueryKind;
  /** Why the label is what it is, where that is not obvious. */
  readonly note?: string;
}

/** The part of NameResolver's ResolutionOutcome that scoring reads. */
export interface OutcomeLike {
  readonly found: boolean;
  readonly productId?: string;
  readonly confidence: number;
  readonly candidates: readonly { productId: string; name: string; score: number }[];
  /** The resolver's account of its decision, where it gives one. */
  readonly explanation?: { readonly decision?: string };
}

export interface ResolvedQuery {
  readonly labelled: LabelledQuery;
  /** Undefined when resolve threw (see error). */
  readonly outcome?: OutcomeLike;
  readonly error?: string;
  /** Wall time of the resolve call. */
  readonly ms?: number;
}

export type FailureType = 'wrong-product' | 'missed' | 'error';

export interface Failure {
  readonly type: FailureType;
  readonly query: string;
  readonly kind: QueryKind;
  readonly expected: string | null;
  /** The id presented as found, or null when not found. */
  readonly got: string | null;
  readonly confidence: number | null;
  /** Up to three best candidates as "id (score)". */
  readonly top: readonly string[];
  /** The resolver's stated reason, where it gives one. */
  readonly reason?: string;
  readonly error?: string;
}

export interface KindStats {
  readonly queries: number;
  readonly answerable: number;
  /** Found with the right id, or refused when the label is null. */
  readonly correct: number;
  readonly wrongProducts: number;
  readonly missed: number;
  readonly errors: number;
}

export interface EvalReport {
  readonly queries: number;
  readonly answerable: number;
  readonly unanswerable: number;
  readonly wrongProducts: number;
  /** Found with a wrong id (or found at all where the label is null), over all queries. */
  readonly wrongProductRate: number;
  /** Found with the right id, over answerable queries (1 when there are none). */
  readonly recall: number;
  /** Found false, over queries labelled null (1 when there are none). */
  readonly correctRefusalRate: number;
  readonly errors: number;
  readonly perKind: Readonly<Partial<Record<QueryKind, KindStats>>>;
  /** Wrong products first, then errors, then misses; in query order within each. */
  readonly failures: readonly Failure[];
  /**
   * The answerable queries refused (`refused`), and of them how many name their product among
   * the suggestions (`listed`) and as the first (`first`): what a caller can offer instead.
   */
  readonly suggested: { readonly refused: number; readonly listed: number; readonly first: number };
  /** Resolve times in milliseconds, where measured. */
  readonly medianMs: number | null;
  readonly p99Ms: number | null;
}

const FAILURE_ORDER: Record<FailureType, number> = { 'wrong-product': 0, error: 1, missed: 2 };

export function evaluate(results: readonly ResolvedQuery[]): EvalReport {
  const perKind = new Map<QueryKind, Mutable<KindStats>>();
  const failures: Failure[] = [];
  let answerable = 0;
  let found = 0;
  let refused = 0;
  let wrong = 0;
  let errors = 0;
  const suggested = { refused: 0, listed: 0, first: 0 };
  for (const { labelled, outcome, error } of results) {
    const stats = perKind.get(labelled.kind) ?? emptyStats();
    perKind.set(labelled.kind, stats);
    stats.queries++;
    if (labelled.expected !== null) {
      answerable++;
      stats.answerable++;
    }
    const type = failureOf(labelled, outcome);
    if (type === null) {
      stats.correct++;
      if (labelled.expected === null) refused++;
      else found++;
      continue;
    }
    if (type === 'wrong-product') {
      wrong++;
      stats.wrongProducts++;
    } else if (type === 'error') {
      errors++;
      stats.errors++;
    } else {
      stats.missed++;
      const at = outcome!.candidates.findIndex((c) => c.productId === labelled.expected);
      suggested.refused++;
      if (at >= 0) suggested.listed++;
      if (at === 0) suggested.first++;
    }
    failures.push({
      type,
      query: labelled.query,
      kind: labelled.kind,
      expected: labelled.expected,
      got: outcome?.found ? (outcome.productId ?? null) : null,
      confidence: outcome?.confidence ?? null,
      top: (outcome?.candidates ?? []).slice(0, 3).map((c) => `${c.productId} (${round(c.score)})`),
      ...(outcome?.explanation?.decision !== undefined && {
        reason: outcome.explanation.decision,
      }),
      ...(error !== undefined && { error }),
    });
  }
  failures.sort((a, b) => FAILURE_ORDER[a.type] - FAILURE_ORDER[b.type]);
  const unanswerable = results.length - answerable;
  const times = results.flatMap((r) => (r.ms === undefined ? [] : [r.ms])).sort((a, b) => a - b);
  return {
    queries: results.length,
    answerable,
    unanswerable,
    wrongProducts: wrong,
    wrongProductRate: results.length === 0 ? 0 : wrong / results.length,
    recall: answerable === 0 ? 1 : found / answerable,
    correctRefusalRate: unanswerable === 0 ? 1 : refused / unanswerable,
    errors,
    perKind: Object.fromEntries(QUERY_KINDS.flatMap((k) => perKindEntry(k, perKind))),
    failures,
    suggested,
    medianMs: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
  };
}

/** How one answer fails its label, or null when it is right. */
export function failureOf(labelled: LabelledQuery, outcome: OutcomeLike | undefined) {
  if (outcome === undefined) return 'error' as const;
  if (outcome.found) {
    return outcome.productId === labelled.expected ? null : ('wrong-product' as const);
  }
  return labelled.expected === null ? null : ('missed' as const);
}

/** One line per failure, for logs and assertion messages. */
export function describeFailure(f: Failure): string {
  const got = f.error !== undefined ? `threw ${f.error}` : `got ${f.got ?? 'not found'}`;
  const confidence = f.confidence === null ? '' : ` conf ${round(f.confidence)}`;
  const top = f.top.length ? ` top [${f.top.join(', ')}]` : '';
  const reason = f.reason === undefined ? '' : ` (${f.reason})`;
  return `${f.type} [${f.kind}] "${f.query}": expected ${f.expected ?? 'null'}, ${got}${confidence}${top}${reason}`;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function emptyStats(): Mutable<KindStats> {
  return { queries: 0, answerable: 0, correct: 0, wrongProducts: 0, missed: 0, errors: 0 };
}

function perKindEntry(kind: QueryKind, stats: Map<QueryKind, KindStats>) {
  const s = stats.get(kind);
  return s === undefined ? [] : [[kind, s] as const];
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? null;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
