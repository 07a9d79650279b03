import type { ProductIntelligence } from '../../src/synthesis/product-intelligence.schema.js';
import { AGREEMENT_MAX_SPREAD } from '../../src/synthesis/wording.js';

// How faithful answers are to their sources (docs/synthesis.md): the measures of the
// faithfulness table in bench/RESULTS.md, and of the demo catalog's e2e test.

/** Products by how many sources reviewed them. */
export const SOURCE_BUCKETS = [
  { label: '1 to 3 sources', min: 1, max: 3 },
  { label: '4 to 9 sources', min: 4, max: 9 },
  { label: '10 sources or more', min: 10, max: Infinity },
] as const;

export interface Distance {
  products: number;
  /** Mean of |service_score − the plain mean of the sources' scores|, in points. */
  mean: number;
  max: number;
}

export interface Faithfulness {
  products: number;
  /** Products whose sources' overall scores lie within 10 points of each other. */
  agreeing: number;
  /** Of those, the ones whose service_score lies within the sources' range. */
  agreeingWithinRange: number;
  reviewed: Distance;
  byBucket: { label: string; distance: Distance }[];
  unreviewed: number;
  /** Products no source reviewed whose score_basis is `sources` (must be 0). */
  unreviewedShowingScore: number;
}

const plainMean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

function distance(bodies: readonly ProductIntelligence[]): Distance {
  const gaps = bodies.map((b) =>
    Math.abs(b.service_score - plainMean(b.source_consensus.map((s) => s.score))),
  );
  return {
    products: bodies.length,
    mean: gaps.length === 0 ? 0 : plainMean(gaps),
    max: gaps.length === 0 ? 0 : Math.max(...gaps),
  };
}

export function measure(bodies: readonly ProductIntelligence[]): Faithfulness {
  const reviewed = bodies.filter((b) => b.source_consensus.length > 0);
  const unreviewed = bodies.filter((b) => b.source_consensus.length === 0);
  let agreeing = 0;
  let within = 0;
  for (const body of reviewed) {
    const scores = body.source_consensus.map((s) => s.score);
    const low = Math.min(...scores);
    const high = Math.max(...scores);
    if (high - low > AGREEMENT_MAX_SPREAD) continue;
    agreeing++;
    if (body.service_score >= low && body.service_score <= high) within++;
  }
  return {
    products: bodies.length,
    agreeing,
    agreeingWithinRange: within,
    reviewed: distance(reviewed),
    byBucket: SOURCE_BUCKETS.map(({ label, min, max }) => ({
      label,
      distance: distance(
        reviewed.filter(
          (b) => b.source_consensus.length >= min && b.source_consensus.length <= max,
        ),
      ),
    })),
    unreviewed: unreviewed.length,
    unreviewedShowingScore: unreviewed.filter((b) => b.score_basis === 'sources').length,
  };
}
