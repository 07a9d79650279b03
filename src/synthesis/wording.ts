import { roundScore } from './rounding.js';
import type { PriorBasis } from './synthesis.types.js';
import { CRITERIA, type Criterion, type Dimension, type SourceType } from '../taxonomy/taxonomy.js';

// Shared vocabulary of the generated text (headline, summaries, highlight details), so every
// sentence names things and states numbers the same way.

// Keys whose plain de-snaked form reads badly. defect_rate is scored "higher is better"
// (100 = no defects), so "Defect rate 95/100" would mislead; "defect record" does not.
const CRITERION_NAMES: Partial<Record<Criterion, string>> = {
  app_software: 'app and software',
  defect_rate: 'defect record',
};

const NAMES = new Map<Criterion, string>(
  CRITERIA.map((c) => [c, CRITERION_NAMES[c] ?? c.replaceAll('_', ' ')]),
);

/** Lower-case name for running text: "output quality". */
export const criterionName = (criterion: Criterion): string => NAMES.get(criterion)!;

/** Title-case name for a highlight or consideration: "Output quality". */
export const criterionTitle = (criterion: Criterion): string =>
  capitalise(criterionName(criterion));

export const dimensionName = (dimension: Dimension): string => dimension;

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const SOURCE_TYPE_NAMES: Record<SourceType, [singular: string, plural: string]> = {
  lab_test: ['lab test', 'lab tests'],
  expert_review: ['expert review', 'expert reviews'],
  user_reviews: ['user-review source', 'user-review sources'],
  community: ['community source', 'community sources'],
};

export const sourceTypeName = (type: SourceType, count = 1): string =>
  SOURCE_TYPE_NAMES[type][count === 1 ? 0 : 1];

/** "category average", "catalog average": which mean a prior is. */
export const priorName = (basis: PriorBasis): string =>
  basis === 'category_prior' ? 'category average' : 'catalog average';

/** "1 source", "3 sources". */
export const count = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n} ${n === 1 ? singular : plural}`;

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Every score as printed, by its tenths (0 to 1,000): writing a number costs more than the
 * rest of a clause, and an answer prints some thirty. A rounded score is tenths / 10, the very
 * number each entry was written from.
 */
const PRINTED = Array.from({ length: 1001 }, (_, tenths) => String(tenths / 10));

/** A score as printed: one decimal at most ("84.2", "91"). */
export function score(value: number): string {
  const rounded = roundScore(value);
  return PRINTED[Math.round(rounded * 10)] ?? String(rounded);
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,299.00". */
export const usd = (value: number): string => usdFormat.format(value);

/**
 * How far apart ratings are, as a phrase that follows "who" or "whose scores": within 10 points
 * counts as agreement (the range service_score keeps to), 20 or more as wide disagreement (the
 * same line as the "Sources disagree" consideration), in between as a difference worth stating.
 */
export const AGREEMENT_MAX_SPREAD = 10;
export const WIDE_DISAGREEMENT_SPREAD = 20;

export function agreement(values: readonly number[]): string {
  const spread = roundScore(Math.max(...values) - Math.min(...values));
  if (spread === 0) return 'agree exactly';
  const points = count(spread, 'point');
  if (spread <= AGREEMENT_MAX_SPREAD) return `agree within ${points}`;
  if (spread < WIDE_DISAGREEMENT_SPREAD) return `differ by up to ${points}`;
  return `disagree widely, ${points} apart`;
}
