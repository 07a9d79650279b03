import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SOURCE_WEIGHTS, type SynthesisConfig } from '../config/app-config.js';
import { scoreProduct } from './criterion-scores.js';
import { highlights, weakCriteria } from './highlights.js';
import { notableFacts } from './notable-facts.js';
import type { CriterionPriors, OfferRecord, ReviewRecord } from './synthesis.types.js';
import { CRITERIA, type SourceType } from '../taxonomy/taxonomy.js';

const withPrior: SynthesisConfig = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 2 };
// Prior strength 0 makes a single source's rating the criterion score: easy thresholds.
const plain: SynthesisConfig = { ...withPrior, priorStrength: 0 };
const flat = (value: number) =>
  Object.fromEntries(CRITERIA.map((c) => [c, value])) as CriterionPriors;
const review = (
  source: string,
  sourceType: SourceType,
  score: number,
  criteria: ReviewRecord['criteria'],
): ReviewRecord => ({ source, sourceType, score, summary: '', criteria });
const offer: OfferRecord = {
  offerId: 'o1',
  retailerName: 'Example Shop',
  price: 348,
  priceAsOf: new Date('2026-11-01T10:00:00Z'),
  url: 'https://shop.example/p/1',
};

describe('highlights and weak criteria', () => {
  const lab = review('Example Lab', 'lab_test', 75, {
    speed: 90,
    comfort: 95,
    warranty: 90,
    controls: 80,
    defect_rate: 30,
    longevity: 55,
    materials: 58,
    portability: 60,
    setup: 61,
  });
  const scores = scoreProduct([lab], flat(60), plain);

  it('keeps the 3 strongest, best first, ties in taxonomy order', () => {
    // comfort 95; speed and warranty tie at 90 (speed comes first); controls 80 is 4th.
    expect(highlights(scores).map((h) => h.title)).toEqual(['Comfort', 'Speed', 'Warranty']);
  });

  it('keeps the 3 weakest at or below 60, weakest first', () => {
    // defect_rate 30, longevity 55, materials 58; portability 60 would be 4th; setup 61 is no weakness.
    expect(weakCriteria(scores).map((h) => h.title)).toEqual([
      'Defect record',
      'Longevity',
      'Materials',
    ]);
  });

  it('never names a criterion no source rated, however high its prior', () => {
    const priors = { ...flat(60), output_quality: 95, warranty: 20 };
    const s = scoreProduct([review('Example Lab', 'lab_test', 70, { speed: 72 })], priors, plain);
    expect(highlights(s).map((h) => h.title)).toEqual(['Speed']);
    expect(weakCriteria(s)).toEqual([]);
  });

  it('gives a mediocre product no highlights and no weaknesses', () => {
    const meh = review('Example Lab', 'lab_test', 64, {
      core_performance: 66,
      speed: 63,
      comfort: 68,
      warranty: 62,
    });
    // Prior 64, k 2, lab weight 1.5: core_performance (128 + 99)/3.5 = 64.9, speed 63.6,
    // comfort 65.7, warranty 63.1: all between the weakness and highlight lines.
    const s = scoreProduct([meh], flat(64), withPrior);
    expect(highlights(s)).toEqual([]);
    expect(weakCriteria(s)).toEqual([]);
  });

  it('says what a score rests on: how many sources, which, and whether they agree', () => {
    const s = scoreProduct(
      [
        review('Forum Folks', 'community', 80, { output_quality: 90 }),
        review('Example Lab', 'lab_test', 88, { output_quality: 91, comfort: 74 }),
      ],
      flat(60),
      withPrior,
    );
    // (2*60 + 1.5*91 + 0.75*90) / 4.25 = 324/4.25 = 76.235… → 76.2
    expect(highlights(s)).toEqual([
      {
        title: 'Output quality',
        detail:
          '76.2/100 from 2 sources (Example Lab 91, Forum Folks 90), who agree within 1 point; ' +
          'the category average is 60.',
      },
    ]);
    const weak = scoreProduct(
      [review('Example Lab', 'lab_test', 50, { app_software: 40 })],
      flat(60),
      withPrior,
    );
    // (2*60 + 1.5*40) / 3.5 = 180/3.5 = 51.43 → 51.4
    expect(weakCriteria(weak)).toEqual([
      {
        title: 'App and software',
        detail: '51.4/100 from 1 source (Example Lab 40); the category average is 60.',
      },
    ]);
  });

  it('states a wide disagreement between the sources of one criterion', () => {
    const s = scoreProduct(
      [
        review('Example Lab', 'lab_test', 88, { comfort: 95 }),
        review('Gadget Ledger', 'expert_review', 80, { comfort: 85 }),
        review('Forum Folks', 'community', 70, { comfort: 65 }),
      ],
      flat(60),
      plain,
    );
    // (1.5*95 + 1.25*85 + 0.75*65) / 3.5 = 297.5/3.5 = 85
    expect(highlights(s)[0]?.detail).toBe(
      '85/100 from 3 sources (Example Lab 95, Gadget Ledger 85, Forum Folks 65), ' +
        'who disagree widely, 30 points apart; the category average is 60.',
    );
  });
});

describe('notableFacts', () => {
  const facts = (reviews: ReviewRecord[], offers: OfferRecord[]) =>
    notableFacts(scoreProduct(reviews, flat(60), withPrior), reviews, offers);
  const lab = review('Example Lab', 'lab_test', 88, { comfort: 80, speed: 70 });
  const forum = review('Forum Folks', 'community', 70, { comfort: 60 });

  it('says when there is no current offer', () => {
    expect(facts([lab, forum], [])).toEqual([
      {
        title: 'No current offer',
        detail: 'No retailer offer is listed, so there is no current price or purchase link.',
      },
    ]);
  });

  it('says nothing when there are offers and agreeing sources', () => {
    expect(facts([lab, forum], [offer])).toEqual([]);
  });

  it('says when every score rests on one source', () => {
    expect(facts([lab], [offer])).toEqual([
      {
        title: 'Only one source',
        detail:
          'Every score rests on a single lab test (Example Lab); the 25 criteria it did not rate ' +
          'use the category average.',
      },
    ]);
  });

  it('says when no source reviewed the product', () => {
    expect(facts([], [offer]).map((f) => f.title)).toEqual(['No source reviews']);
  });

  it('says when the overall scores are 25 or more points apart', () => {
    const harsh = review('Gadget Ledger', 'expert_review', 62, {});
    expect(facts([lab, forum, harsh], [offer])).toEqual([
      {
        title: 'Sources disagree',
        detail:
          'Overall scores range from 62 (Gadget Ledger) to 88 (Example Lab), 26 points apart.',
      },
    ]);
    // 88 against 64 is 24 points: not wide.
    expect(facts([lab, review('Gadget Ledger', 'expert_review', 64, {})], [offer])).toEqual([]);
  });
});
