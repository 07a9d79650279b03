import { describe, expect, it } from '@jest/globals';
import { toCompact } from './compact.js';
import {
  productIntelligenceSchema,
  type ProductIntelligence,
} from './product-intelligence.schema.js';
import { CRITERIA, DIMENSIONS, TAXONOMY, type Criterion } from '../taxonomy/taxonomy.js';

const dimensionOf = (criterion: Criterion) =>
  DIMENSIONS.find((d) => (TAXONOMY[d] as readonly Criterion[]).includes(criterion))!;

const body: ProductIntelligence = {
  found: true,
  id: 'acme-soundwave-3',
  product_name: 'Acme Soundwave 3',
  brand: 'Acme',
  category: 'headphones',
  headline: 'Acme Soundwave 3: good overall (70/100), strongest in build.',
  summary: 'Long form.',
  service_score: 70,
  score_basis: 'sources',
  category_rank: { category: 'headphones', rank: 2, of: 5, percentile: 75 },
  alternatives: [],
  dimension_scores: DIMENSIONS.map((dimension) => ({
    dimension,
    score: 70,
    basis: 'category_prior' as const,
    summary: 'Why.',
  })),
  feature_scores: CRITERIA.map((name) => ({
    name,
    score: 70,
    dimension: dimensionOf(name),
    basis: 'category_prior' as const,
  })),
  highlights: [
    {
      title: 'Comfort',
      detail: '80/100 from 1 source (Example Lab 80).',
      sources: ['Example Lab'],
    },
  ],
  considerations: [
    { title: 'No current offer', detail: 'No retailer offer is listed.', sources: [] },
  ],
  source_consensus: [
    {
      source: 'Example Lab',
      source_type: 'lab_test',
      score: 80,
      summary: 'Good.',
      url: 'https://lab.example/r/1',
      reviewed_at: '2026-10-02T00:00:00.000Z',
    },
  ],
  offers: [],
  starting_price_usd: null,
  source_count: 1,
  resolution: { confidence: 0.95, other_matches: [] },
  as_of: '2026-11-05T00:00:00.000Z',
};

describe('toCompact', () => {
  const compact = toCompact(body);

  it('removes exactly the top-level, dimension and source summaries', () => {
    const expected: ProductIntelligence = {
      ...body,
      dimension_scores: DIMENSIONS.map((dimension) => ({
        dimension,
        score: 70,
        basis: 'category_prior' as const,
      })),
      source_consensus: [
        {
          source: 'Example Lab',
          source_type: 'lab_test',
          score: 80,
          url: 'https://lab.example/r/1',
          reviewed_at: '2026-10-02T00:00:00.000Z',
        },
      ],
    };
    delete expected.summary;
    expect(compact).toStrictEqual(expected);
    expect(JSON.stringify(compact)).not.toContain('"summary"');
  });

  it('keeps the key order and leaves the full body untouched', () => {
    expect(Object.keys(compact)).toEqual(Object.keys(body).filter((k) => k !== 'summary'));
    expect(body.summary).toBe('Long form.');
    expect(body.dimension_scores[0]?.summary).toBe('Why.');
    expect(body.source_consensus[0]?.summary).toBe('Good.');
  });

  it('keeps what keys an answer: the id, the category, each basis and the citations', () => {
    expect(compact).toMatchObject({ id: body.id, category: body.category, score_basis: 'sources' });
    expect(compact.feature_scores).toStrictEqual(body.feature_scores);
    expect(compact.highlights).toStrictEqual(body.highlights);
  });

  it('still satisfies the contract', () => {
    expect(productIntelligenceSchema.parse(compact)).toStrictEqual(compact);
  });
});
