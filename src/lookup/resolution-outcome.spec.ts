import { describe, expect, it } from '@jest/globals';
import { MAX_SUGGESTIONS } from '../names/resolution-decision.js';
import { withSuggestionsOf, type ResolutionOutcome } from './resolution-outcome.js';

describe(withSuggestionsOf.name, () => {
  const refused = (...scores: [string, number][]): ResolutionOutcome => ({
    found: false,
    confidence: scores[0]?.[1] ?? 0,
    candidates: scores.map(([productId, score]) => ({ productId, name: productId, score })),
  });

  it('offers the best of both lists once each, best first, with the best as the confidence', () => {
    const first = refused(['a', 0.6], ['b', 0.3]);
    const merged = withSuggestionsOf(first, refused(['c', 0.7], ['b', 0.3], ['d', 0.2]));
    expect(merged.found).toBe(false);
    expect(merged.candidates.map((c) => c.productId)).toEqual(['c', 'a', 'b', 'd']);
    expect(merged.confidence).toBe(0.7);
  });

  it('offers at most five, and keeps a refusal with nothing to suggest at 0', () => {
    const many = refused(...Array.from({ length: 5 }, (_, i): [string, number] => [`x${i}`, 0.5]));
    const merged = withSuggestionsOf(many, refused(['y', 0.4]));
    expect(merged.candidates).toHaveLength(MAX_SUGGESTIONS);
    expect(merged.candidates.map((c) => c.productId)).not.toContain('y');
    expect(withSuggestionsOf(refused(), refused()).confidence).toBe(0);
  });
});
