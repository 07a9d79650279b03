import { DEFAULT_SOURCE_WEIGHTS } from '../../config/app-config.js';
import { toCompact } from '../../synthesis/compact.js';
import type {
  LimitedCoverage,
  ProductIntelligence,
} from '../../synthesis/product-intelligence.schema.js';
import { alternativesOf, categoryRank, type Named } from '../../synthesis/standing.js';
import { encodeCursor } from '../browse/browse-cursor.js';
import type { CategoryList, CategoryPage } from '../browse/browse-response.schema.js';
import { CERTAIN } from '../found-answer.js';
import { synthesize } from '../../synthesis/synthesize.js';
import type { Priors } from '../../synthesis/synthesis.types.js';
import { CRITERIA } from '../../taxonomy/taxonomy.js';

// Examples for the OpenAPI document, made by the real synthesis from a fictional product,
// so they always have the shape and arithmetic of real answers.

const AS_OF = new Date('2026-11-01T00:00:00Z');
const priors: Priors = {
  criteria: Object.fromEntries(
    CRITERIA.map((c) => [c, { mean: 70, basis: 'category_prior' }]),
  ) as Priors['criteria'],
  overall: { mean: 78, basis: 'category_prior' },
};

const synthesized = synthesize(
  {
    product: {
      id: 'example-aurora-x5',
      name: 'Example Audio Aurora X5',
      brand: 'Example Audio',
      category: 'headphones',
      reviews: [
        {
          source: 'Example Lab',
          sourceType: 'lab_test',
          score: 88,
          summary: 'Class-leading noise cancelling; the fit is tight for large heads.',
          url: 'https://lab.example/reviews/aurora-x5',
          reviewedAt: new Date('2026-10-02T00:00:00Z'),
          criteria: { output_quality: 91, comfort: 74, energy_efficiency: 86 },
          pros: ['Class-leading noise cancelling', 'Long battery life'],
          cons: ['Tight fit for large heads'],
        },
        {
          source: 'Example Forum',
          sourceType: 'community',
          score: 81,
          summary: 'Owners praise the quiet; a few report creaky hinges.',
          url: 'https://forum.example/t/aurora-x5',
          reviewedAt: new Date('2026-09-14T00:00:00Z'),
          criteria: { output_quality: 88, durability: 58 },
          pros: ['Class-leading noise cancelling.'],
          cons: ['Creaky hinges'],
        },
      ],
      offers: [
        {
          offerId: '17',
          retailerName: 'Example Shop',
          price: 348,
          priceAsOf: new Date('2026-10-30T10:00:00Z'),
          url: '',
        },
        {
          offerId: '18',
          retailerName: 'Example Outlet',
          price: 329.99,
          priceAsOf: new Date('2026-10-31T10:00:00Z'),
          url: '',
        },
      ],
    },
    priors,
    publishedAt: AS_OF,
    resolution: {
      confidence: 1,
      other_matches: [{ name: 'Example Audio Aurora X4', match_score: 0.28 }],
    },
    buyUrl: (offer) =>
      `https://api.example.com/v1/r/${offer.offerId}.k_3f9a2c.Qm9ndXNTaWduYXR1cmVYWQ`,
  },
  { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 1 },
);

/** Fictional products of its category, offered instead as standing.ts would choose them. */
const contender = (id: string, name: string, points: number, price: number, sources: number) =>
  ({
    id,
    productName: name,
    brand: 'Example Audio',
    serviceScore: synthesized.service_score + points,
    startingPriceUsd: price,
    sourceCount: sources,
  }) satisfies Named;

export const foundExample: ProductIntelligence = {
  ...synthesized,
  // Ranked and offered alternatives at publication among the category's reviewed products.
  category_rank: categoryRank('headphones', 3, 42),
  alternatives: alternativesOf(
    {
      id: synthesized.id,
      serviceScore: synthesized.service_score,
      startingPriceUsd: synthesized.starting_price_usd,
      sourceCount: synthesized.source_count,
    },
    'headphones',
    42,
    [
      {
        kind: 'better',
        product: contender('example-aurora-x6', 'Example Audio Aurora X6', 6, 359, 4),
      },
      {
        kind: 'cheaper',
        product: contender('example-breeze-2', 'Example Audio Breeze 2', -2, 199.99, 3),
      },
      {
        kind: 'top',
        product: contender('example-reference-one', 'Example Audio Reference One', 9, 549, 5),
      },
    ],
  ),
};

export const compactExample = toCompact(foundExample);

export const notFoundExample: LimitedCoverage = {
  found: false,
  other_matches: [
    { name: 'Example Audio Aurora X4', match_score: 0.28 },
    { name: 'Example Audio Aurora X5', match_score: 0.28 },
  ],
  as_of: AS_OF.toISOString(),
};

export const categoryListExample: CategoryList = {
  categories: [
    { key: 'game-consoles', name: 'game consoles', products: 15, reviewed: 15 },
    { key: 'headphones', name: 'headphones', products: 42, reviewed: 42 },
    { key: 'kettles', name: 'kettles', products: 1, reviewed: 0 },
  ],
};

/** A page's product is the compact answer of a product named exactly. */
export const categoryPageExample: CategoryPage = {
  products: [{ ...compactExample, resolution: CERTAIN }],
  next_cursor: encodeCursor({
    sort: 'price',
    category: 'headphones',
    after: [false, 329.99, -foundExample.service_score, foundExample.id],
  }),
};
