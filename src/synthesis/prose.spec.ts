import { describe, expect, it } from '@jest/globals';
import { scoreProduct } from './criterion-scores.js';
import { dimensionSummary } from './dimension-summary.js';
import { headline, summary, verdict } from './prose.js';
import { config, flatPriors, offer, review } from './synthesis.fixtures.js';
import type { OfferRecord, ProductRecord, ReviewRecord } from './synthesis.types.js';
import { TAXONOMY } from '../taxonomy/taxonomy.js';

// Criteria's prior 60, overall prior 75.
const priors = flatPriors(60, 75);
const product = (reviews: ReviewRecord[], offers: OfferRecord[]): ProductRecord => ({
  id: 'acme-soundwave-3',
  name: 'Acme Soundwave 3',
  brand: 'Acme',
  category: 'headphones',
  reviews,
  offers,
});
const prose = (p: ProductRecord, p2 = priors) => {
  const scores = scoreProduct(p.reviews, p2, config);
  return { headline: headline(p, scores), summary: summary(p, scores), scores };
};

// overall (0.75*75 + 1.5*88 + 0.75*80 + 1.25*62) / 4.25 = 325.75 / 4.25 = 76.647;
// performance: output_quality (45 + 135 + 52.5)/3 = 77.5 on 2 ratings, energy_efficiency 86
// on 1 → (155 + 86)/3 = 80.333; build: comfort (45 + 111 + 37.5)/3 = 64.5; support: warranty 40.
const sample = product(
  [
    review('Example Lab', 'lab_test', 88, {
      output_quality: 90,
      energy_efficiency: 86,
      comfort: 74,
    }),
    review('Forum Folks', 'community', 80, { output_quality: 70, comfort: 50 }),
    review('Gadget Ledger', 'expert_review', 62, { warranty: 40 }),
  ],
  [offer('o1', 349), offer('o2', 329.5)],
);

describe('verdict', () => {
  it('bands the printed overall score', () => {
    expect([90, 85, 84.96, 80, 70, 64.9, 55, 49.9].map(verdict)).toEqual([
      'excellent',
      'excellent',
      'excellent', // prints as 85
      'very good',
      'good',
      'fair',
      'fair',
      'poor',
    ]);
  });
});

describe('headline and summary', () => {
  it('state the verdict, the extremes, the sources and the offers', () => {
    const { headline: h, summary: s } = prose(sample);
    expect(h).toBe(
      'Acme Soundwave 3: very good overall (76.6/100 from 3 sources), strongest in performance.',
    );
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) scores 76.6/100 overall: very good. ' +
        'Its strongest dimension is performance (80.3/100) and its weakest is support (40/100). ' +
        'The scores rest on 3 sources (1 lab test, 1 expert review and 1 community source), ' +
        'which rated 4 of the 27 criteria; the others show a prior and move no score. ' +
        'Their overall scores disagree widely, 26 points apart (62 to 88). ' +
        '2 offers are listed, from $329.50 to $349.00.',
    );
  });

  it('say the product has no reviews yet, with no verdict and no dimension', () => {
    const { headline: h, summary: s } = prose(product([], []));
    expect(h).toBe(
      'Acme Soundwave 3: no reviews yet; 75/100 is the category average, not a score of its own.',
    );
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) has no reviews yet, so its 75/100 is the category ' +
        'average of overall scores, not a verdict on it. No offer is currently listed.',
    );
    const { headline: alone } = prose(product([], []), flatPriors(50, 61.2, 'catalog_prior'));
    expect(alone).toBe(
      'Acme Soundwave 3: no reviews yet; 61.2/100 is the catalog average, not a score of its own.',
    );
  });

  it('give the verdict of sources that rate no criterion at all', () => {
    const critics = product(
      [review('Critic A', 'expert_review', 92), review('Critic B', 'expert_review', 90)],
      [offer('o1', 59.99)],
    );
    const { headline: h, summary: s } = prose(critics);
    // (0.75*75 + 1.25*92 + 1.25*90) / 3.25 = 283.75 / 3.25 = 87.31 → within 90..92: 90
    expect(h).toBe('Acme Soundwave 3: excellent overall (90/100 from 2 sources).');
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) scores 90/100 overall: excellent. ' +
        'The scores rest on 2 sources (2 expert reviews), which rated none of the 27 criteria: ' +
        'each shows a prior and moves no score. Their overall scores agree within 2 points ' +
        '(90 to 92). One offer is listed, at $59.99.',
    );
  });

  it('name only the one rated dimension, and a single offer', () => {
    const one = product(
      [review('Example Lab', 'lab_test', 90, { speed: 94 })],
      [offer('o1', 1299)],
    );
    const { headline: h, summary: s } = prose(one);
    expect(h).toBe(
      'Acme Soundwave 3: excellent overall (90/100 from 1 source), strongest in performance.',
    );
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) scores 90/100 overall: excellent. ' +
        'Sources rated only its performance (94/100). ' +
        'The scores rest on 1 source (1 lab test), which rated 1 of the 27 criteria; ' +
        'the others show a prior and move no score. One offer is listed, at $1,299.00.',
    );
  });
});

describe('dimensionSummary', () => {
  const { scores } = prose(sample);
  const of = (i: number) => dimensionSummary(scores.dimensions[i]!);

  it('names the criteria left out because no source rated them', () => {
    expect(of(0)).toBe(
      '80.3/100 from 2 of 4 criteria rated by sources; core performance and speed are not ' +
        'rated and left out.',
    );
    expect(of(6)).toBe(
      '40/100 from 1 of 3 criteria rated by sources; customer support and repairability are ' +
        'not rated and left out.',
    );
    expect(of(2)).toBe(
      '60/100: no source rated any of its 4 criteria, so this is the category average.',
    );
  });

  it("words a category's unrated dimension once, and another category's apart", () => {
    const other = scoreProduct([review('Forum', 'community', 70)], flatPriors(45), config);
    expect(of(2)).toBe(dimensionSummary({ ...scores.dimensions[2]! }));
    expect(dimensionSummary(other.dimensions[2]!)).toBe(
      '45/100: no source rated any of its 4 criteria, so this is the category average.',
    );
    expect(of(2)).toBe(
      '60/100: no source rated any of its 4 criteria, so this is the category average.',
    );
  });

  it('says so when every criterion was rated', () => {
    const all = Object.fromEntries(TAXONOMY.usability.map((c) => [c, 80]));
    const s = scoreProduct([review('Example Lab', 'lab_test', 80, all)], priors, config);
    expect(dimensionSummary(s.dimensions[2]!)).toBe(
      '80/100 from all 4 criteria, each rated by at least one source.',
    );
  });
});
