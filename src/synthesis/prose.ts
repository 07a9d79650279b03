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
  score,
  sourceTypeName,
  usd,
} from './wording.js';

// headline and summary (docs/decisions.md, Synthesis): composed from the data only, deterministically.
// Every clause states a number or a name from the input; nothing is said about a dimension no
// source rated, and no verdict word is given when no criterion was rated at all.

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

/** "Sony WH-1000XM5: very good overall (84.2/100), strongest in performance." */
export function headline(product: ProductRecord, scores: ProductScores): string {
  const overall = `${score(scores.overall)}/100`;
  const best = extremes(scores);
  if (!best) {
    const why = product.reviews.length === 0 ? 'no source reviews yet' : 'no criterion rated yet';
    return `${product.name}: ${why}; its ${overall} is the category average.`;
  }
  const strongest = dimensionName(best.strongest.dimension);
  return `${product.name}: ${verdict(scores.overall)} overall (${overall}), strongest in ${strongest}.`;
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
  if (ratedCriteriaCount(scores) === 0) {
    return `${who} has no criterion rated by a source, so its ${score(scores.overall)}/100 is the category average.`;
  }
  return `${who} scores ${score(scores.overall)}/100 overall: ${verdict(scores.overall)}.`;
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
  if (reviews.length === 0) return 'No source has reviewed it yet.';
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
      : `which rated ${rated} of the ${all} criteria; the others use the category average`;
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
