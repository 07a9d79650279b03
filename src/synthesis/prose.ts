import type { ProductScores } from './criterion-scores.js';
import { extremes, ratedCriteriaCount } from './evidence.js';
import { roundScore } from './rounding.js';
import type { OfferRecord, ProductRecord, ReviewRecord } from './synthesis.types.js';
import { CRITERIA, SOURCE_TYPES } from '../taxonomy/taxonomy.js';
import {
  agreement,
  count,
  dimensionName,
  joinList,
  priorName,
  score,
  sourceTypeName,
  usd,
} from './wording.js';

// headline and summary (docs/synthesis.md): composed from the data only, deterministically.
// Every clause states a number or a name from the input; nothing is said about a dimension no
// source rated, and a product no source reviewed is given no verdict: it says so.

/** Verdict word of the printed service_score. */
const VERDICT_BANDS: readonly (readonly [min: number, word: string])[] = [
  [85, 'excellent'],
  [75, 'very good'],
  [65, 'good'],
  [50, 'fair'],
  [0, 'poor'],
];

export const verdict = (overall: number): string =>
  VERDICT_BANDS.find(([min]) => roundScore(overall) >= min)?.[1] ?? 'poor';

/** Why a product has no score of its own and which mean it shows; null when sources score it. */
function noScore(
  product: ProductRecord,
  scores: ProductScores,
): { why: string; mean: string } | null {
  const { basis } = scores.overall;
  if (basis === 'sources') return null;
  const why = product.reviews.length === 0 ? 'no reviews yet' : 'no counted reviews yet';
  return { why, mean: priorName(basis) };
}

/** "Sony WH-1000XM5: excellent overall (90.1/100 from 5 sources), strongest in features." */
export function headline(product: ProductRecord, scores: ProductScores): string {
  const { overall } = scores;
  const none = noScore(product, scores);
  if (none) {
    return `${product.name}: ${none.why}; ${score(overall.score)}/100 is the ${none.mean}, not a score of its own.`;
  }
  const from = `${score(overall.score)}/100 from ${count(overall.counted, 'source')}`;
  const best = extremes(scores);
  const strongest = best ? `, strongest in ${dimensionName(best.strongest.dimension)}` : '';
  return `${product.name}: ${verdict(overall.score)} overall (${from})${strongest}.`;
}

export function summary(product: ProductRecord, scores: ProductScores): string {
  return [
    overallSentence(product, scores),
    dimensionSentence(scores),
    sourcesSentence(product.reviews, scores),
    offersSentence(product.offers),
  ]
    .filter((s) => s !== '')
    .join(' ');
}

function overallSentence(product: ProductRecord, scores: ProductScores): string {
  const who = `${product.name} (${product.brand}, ${product.category})`;
  const { overall } = scores;
  const none = noScore(product, scores);
  if (none) {
    return `${who} has ${none.why}, so its ${score(overall.score)}/100 is the ${none.mean} of overall scores, not a verdict on it.`;
  }
  return `${who} scores ${score(overall.score)}/100 overall: ${verdict(overall.score)}.`;
}

function dimensionSentence(scores: ProductScores): string {
  const best = extremes(scores);
  if (!best) return '';
  const { strongest, weakest } = best;
  const strong = `${dimensionName(strongest.dimension)} (${score(strongest.score)}/100)`;
  if (strongest === weakest) return `Sources rated only its ${strong}.`;
  const weak = `${dimensionName(weakest.dimension)} (${score(weakest.score)}/100)`;
  return `Its strongest dimension is ${strong} and its weakest is ${weak}.`;
}

function sourcesSentence(reviews: readonly ReviewRecord[], scores: ProductScores): string {
  if (reviews.length === 0) return ''; // the first sentence says so
  const kinds = SOURCE_TYPES.map(
    (t) => [t, reviews.filter((r) => r.sourceType === t).length] as const,
  )
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${n} ${sourceTypeName(t, n)}`);
  const rated = ratedCriteriaCount(scores);
  const all = CRITERIA.length;
  const coverage =
    rated === all
      ? `which rated all ${all} criteria`
      : rated === 0
        ? `which rated none of the ${all} criteria: each shows a prior and moves no score`
        : `which rated ${rated} of the ${all} criteria; the others show a prior and move no score`;
  let text = `The scores rest on ${count(reviews.length, 'source')} (${joinList(kinds)}), ${coverage}.`;
  if (reviews.length > 1) {
    const values = reviews.map((r) => r.score);
    const range = `${score(Math.min(...values))} to ${score(Math.max(...values))}`;
    text += ` Their overall scores ${agreement(values)} (${range}).`;
  }
  return text;
}

function offersSentence(offers: readonly OfferRecord[]): string {
  if (offers.length === 0) return 'No offer is currently listed.';
  const prices = offers.map((o) => o.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (offers.length === 1) return `One offer is listed, at ${usd(low)}.`;
  const range = low === high ? `all at ${usd(low)}` : `from ${usd(low)} to ${usd(high)}`;
  return `${offers.length} offers are listed, ${range}.`;
}
