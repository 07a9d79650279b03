import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SOURCE_WEIGHTS, type SynthesisConfig } from '../config/app-config.js';
import { scoreCriterion, scoreProduct } from './criterion-scores.js';
import type { CriterionPriors, ReviewRecord } from './synthesis.types.js';
import { CRITERIA, type SourceType } from '../taxonomy/taxonomy.js';

const config: SynthesisConfig = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 2 };
const flat = (value: number) =>
  Object.fromEntries(CRITERIA.map((c) => [c, value])) as CriterionPriors;
const review = (
  source: string,
  sourceType: SourceType,
  criteria: ReviewRecord['criteria'],
): ReviewRecord => ({ source, sourceType, score: 80, summary: '', criteria });

const lab = review('Example Lab', 'lab_test', {
  output_quality: 90,
  energy_efficiency: 86,
  comfort: 74,
});
const forum = review('Forum Folks', 'community', { output_quality: 70, comfort: 50 });
const expert = review('Gadget Ledger', 'expert_review', { warranty: 40 });

describe('scoreCriterion', () => {
  it('is the Bayesian average of the weighted ratings and the prior', () => {
    // (2*60 + 1.5*90 + 0.75*70) / (2 + 1.5 + 0.75) = 307.5 / 4.25 = 72.3529…
    const c = scoreCriterion('output_quality', 60, [forum, lab], config);
    expect(c.score).toBeCloseTo(72.352941, 5);
    expect(c.prior).toBe(60);
    // Lab first whatever the input order: the source order of highlight details.
    expect(c.ratings).toEqual([
      { source: 'Example Lab', sourceType: 'lab_test', value: 90 },
      { source: 'Forum Folks', sourceType: 'community', value: 70 },
    ]);
  });

  it('takes the prior when no source rated the criterion', () => {
    const c = scoreCriterion('speed', 63.7, [lab, forum], config);
    expect(c).toEqual({ criterion: 'speed', score: 63.7, prior: 63.7, ratings: [] });
  });

  it('is the plain weighted mean with prior strength 0', () => {
    // (1.5*90 + 0.75*70) / (1.5 + 0.75) = 187.5 / 2.25 = 83.333…
    const c = scoreCriterion('output_quality', 60, [lab, forum], { ...config, priorStrength: 0 });
    expect(c.score).toBeCloseTo(83.333333, 5);
  });

  it('ignores a source type weighted 0, even with prior strength 0 (no 0/0)', () => {
    const weights = { ...DEFAULT_SOURCE_WEIGHTS, community: 0 };
    const c = scoreCriterion('output_quality', 60, [forum], {
      sourceWeights: weights,
      priorStrength: 0,
    });
    expect(c).toEqual({ criterion: 'output_quality', score: 60, prior: 60, ratings: [] });
  });
});

describe('scoreProduct', () => {
  const scores = scoreProduct([lab, forum, expert], flat(60), config);
  const byName = new Map(scores.dimensions.map((d) => [d.dimension, d]));

  it('averages criteria into dimensions and dimensions into the overall score', () => {
    // output_quality 307.5/4.25 = 72.352941; energy_efficiency (120 + 1.5*86)/3.5 = 71.142857
    // performance = (60 + 60 + 72.352941 + 71.142857) / 4 = 65.873950
    expect(byName.get('performance')?.score).toBeCloseTo(65.87395, 4);
    // comfort (120 + 1.5*74 + 0.75*50)/4.25 = 268.5/4.25 = 63.176471; build = 243.176471/4
    expect(byName.get('build')?.score).toBeCloseTo(60.794118, 5);
    // warranty (120 + 1.25*40)/3.25 = 52.307692; support = 172.307692/3 = 57.435897
    expect(byName.get('support')?.score).toBeCloseTo(57.435897, 5);
    expect(byName.get('usability')?.score).toBe(60);
    // (65.873950 + 60.794118 + 4*60 + 57.435897) / 7 = 424.103965 / 7 = 60.586281
    // (full precision throughout: not the mean of the rounded dimension scores)
    expect(scores.overall).toBeCloseTo(60.586281, 5);
  });

  it('keeps all 7 dimensions and 27 criteria in taxonomy order', () => {
    expect(scores.dimensions.map((d) => d.dimension)).toEqual([
      'performance',
      'build',
      'usability',
      'features',
      'reliability',
      'value',
      'support',
    ]);
    expect(scores.dimensions.flatMap((d) => d.criteria.map((c) => c.criterion))).toEqual(CRITERIA);
  });

  it('is the priors everywhere when nothing is rated', () => {
    const priors = Object.fromEntries(CRITERIA.map((c, i) => [c, 50 + i])) as CriterionPriors;
    const empty = scoreProduct([], priors, config);
    const criteria = empty.dimensions.flatMap((d) => d.criteria);
    expect(criteria).toHaveLength(27);
    expect(criteria.map((c) => c.score)).toEqual(CRITERIA.map((c) => priors[c]));
    // performance = mean(50, 51, 52, 53); support = mean(74, 75, 76); overall = mean of all 7
    expect(empty.dimensions[0]?.score).toBe(51.5);
    expect(empty.dimensions[6]?.score).toBe(75);
    // dimension means 51.5, 55.5, 59.5, 63.5, 67.5, 71.5, 75 → 444 / 7 = 63.428571
    expect(empty.overall).toBeCloseTo(63.428571, 5);
  });
});
