import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SOURCE_WEIGHTS } from '../config/app-config.js';
import { scoreOverall } from './overall-score.js';
import { config, review } from './synthesis.fixtures.js';
import type { Prior } from './synthesis.types.js';

const prior = (mean: number): Prior => ({ mean, basis: 'category_prior' });

describe('scoreOverall', () => {
  it("is the sources' overall scores weighted by type, shrunk toward the category mean", () => {
    // k = 0.75: (0.75*90 + 1.5*80 + 0.75*100) / (0.75 + 1.5 + 0.75) = 262.5 / 3 = 87.5
    const reviews = [review('Example Lab', 'lab_test', 80), review('Forum', 'community', 100)];
    expect(scoreOverall(reviews, prior(90), config)).toEqual({
      score: 87.5,
      basis: 'sources',
      prior: 90,
      counted: 2,
    });
  });

  it("lies within the sources' range: agreeing sources are never pulled below them", () => {
    // The case: five sources 88 to 94 and a category mean of 77.
    const reviews = [
      review('ShopperVoice', 'user_reviews', 90),
      review('Northbeam Test Lab', 'lab_test', 89.3),
      review('The Upgrade Thread', 'community', 89),
      review('BuyerBoard', 'user_reviews', 94),
      review('The Circuit Review', 'expert_review', 88),
    ];
    const { score } = scoreOverall(reviews, prior(77), config);
    // (0.75*77 + 90 + 1.5*89.3 + 0.75*89 + 94 + 1.25*88) / 6.25 = 552.45 / 6.25 = 88.392
    expect(score).toBeCloseTo(88.392, 9);
    // One expert review of 94 is 94, not a number below the category mean.
    expect(
      scoreOverall([review('Gadget Ledger', 'expert_review', 94)], prior(77), config),
    ).toMatchObject({
      score: 94,
      basis: 'sources',
    });
  });

  it('counts reviews that carry an overall score and no criteria, and only the score', () => {
    const bare = [review('Critic A', 'expert_review', 70), review('Critic B', 'expert_review', 80)];
    const rated = [
      review('Critic A', 'expert_review', 70, { speed: 10, comfort: 12 }),
      review('Critic B', 'expert_review', 80, { warranty: 99 }),
    ];
    expect(scoreOverall(bare, prior(75), config).score).toBe(75);
    expect(scoreOverall(rated, prior(75), config)).toEqual(scoreOverall(bare, prior(75), config));
  });

  it("is the category's mean, and says so, when no counted source reviewed it", () => {
    expect(scoreOverall([], { mean: 74.2, basis: 'catalog_prior' }, config)).toEqual({
      score: 74.2,
      basis: 'catalog_prior',
      prior: 74.2,
      counted: 0,
    });
    const noForums = { ...config, sourceWeights: { ...DEFAULT_SOURCE_WEIGHTS, community: 0 } };
    expect(scoreOverall([review('Forum', 'community', 99)], prior(70), noForums)).toMatchObject({
      score: 70,
      basis: 'category_prior',
    });
  });
});
