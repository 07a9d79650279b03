import type { SynthesisConfig } from '../config/app-config.js';
import type { SourceType } from '../taxonomy/taxonomy.js';

// The one estimator behind every score that rests on sources (docs/synthesis.md): criterion
// scores and service_score alike.

/** The weight a source of this type carries; 0 means it is configured not to count. */
export const sourceWeight = (config: SynthesisConfig, type: SourceType): number =>
  config.sourceWeights[type];

/**
 * How much weight the prior carries: a fraction (SYNTHESIS_PRIOR_STRENGTH, 0 to 1) of the
 * lightest counted source type's weight, so the prior never outweighs a single source of any
 * type: the sources decide, the prior only steadies a score that rests on few of them.
 */
export function priorWeight(config: SynthesisConfig): number {
  const counted = Object.values(config.sourceWeights).filter((w) => w > 0);
  return counted.length === 0 ? 0 : config.priorStrength * Math.min(...counted);
}

/**
 * The sources' weighted mean shrunk toward the prior, (k·prior + Σ w·v) / (k + Σ w), then kept
 * within the range of the values themselves: the prior may pull a score to the edge of what
 * its sources say, never beyond it. So sources that agree are never contradicted, a single
 * source is taken at its word, and since the shrunk mean, the lowest and the highest value
 * each only rise when a value rises, raising one never lowers the result. Each of `sources`
 * gives its value and its weight; one of weight 0 is left out, and at least one must weigh
 * more. (Read through the two functions rather than from an array of pairs: the import
 * computes this some ten times a product.)
 */
export function shrunkMean<T>(
  sources: readonly T[],
  valueOf: (source: T) => number,
  weightOf: (source: T) => number,
  prior: number,
  k: number,
): number {
  let weight = 0;
  let weighted = 0;
  let low = Infinity;
  let high = -Infinity;
  for (const source of sources) {
    const w = weightOf(source);
    if (!(w > 0)) continue;
    const value = valueOf(source);
    weight += w;
    weighted += w * value;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const shrunk = (k * prior + weighted) / (k + weight);
  return Math.min(high, Math.max(low, shrunk));
}
