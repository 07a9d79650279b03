import { describe, expect, it } from '@jest/globals';
import { config, distinctPriors, offer, review } from './synthesis.fixtures.js';
import { packAssessment, synthesisKey, unpackAssessment } from './stored-assessment.js';
import { synthesize } from './synthesize.js';
import type { ProductRecord } from './synthesis.types.js';

const product: ProductRecord = {
  id: 'kettle-2',
  name: 'Kettle 2',
  brand: 'Example',
  category: 'kettles',
  reviews: [
    review('Example Lab', 'lab_test', 81, { speed: 88, materials: 64 }, { pros: ['Fast'] }),
    review('Crowd', 'user_reviews', 77, { speed: 80 }, { cons: ['Loud'] }),
  ],
  offers: [offer('o2', 39.5), offer('o1', 35)],
};
const publishedAt = new Date('2026-11-20T08:00:00Z');
const link = (offerId: string) => `https://pi.example/r/${offerId}`;

function body() {
  return synthesize(
    {
      product,
      priors: distinctPriors(70),
      publishedAt,
      resolution: { confidence: 1, other_matches: [] },
      buyUrl: (o) => link(o.offerId),
    },
    config,
  );
}

describe('stored assessments', () => {
  it('unpack(pack(body)) is the body, keys in the same order, its offers linked by id', () => {
    const original = body();
    const text = packAssessment(original, ['o1', 'o2']);
    const { body: back, offerIds } = unpackAssessment(text, publishedAt.toISOString(), link);
    expect(JSON.stringify(back)).toBe(JSON.stringify(original));
    expect(offerIds).toEqual(['o1', 'o2']);
  });

  it('stores no link, resolution or publication time, and the criteria without their names', () => {
    const text = packAssessment(body(), ['o1', 'o2']);
    expect(text).not.toContain('https://pi.example');
    expect(text).not.toContain('resolution');
    expect(text).not.toContain(publishedAt.toISOString());
    expect(text).not.toContain('"core_performance"');
    expect(text.length).toBeLessThan(JSON.stringify(body()).length * 0.75);
  });

  it('keys the settings: other weights or prior strength give another key', () => {
    const key = synthesisKey(config);
    expect(synthesisKey({ ...config })).toBe(key);
    expect(synthesisKey({ ...config, priorStrength: 0.5 })).not.toBe(key);
    expect(
      synthesisKey({ ...config, sourceWeights: { ...config.sourceWeights, community: 0 } }),
    ).not.toBe(key);
  });
});
