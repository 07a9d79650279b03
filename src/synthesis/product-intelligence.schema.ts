import { z } from 'zod';
import { MAX_SUGGESTIONS } from '../names/resolution-decision.js';
import {
  CRITERIA,
  DIMENSIONS,
  SOURCE_TYPES,
  type Criterion,
  type Dimension,
} from '../taxonomy/taxonomy.js';

// The response bodies of both lookups (docs/api.md and docs/decisions.md), as zod schemas:
// the one source of the OpenAPI document's schemas and of the tests that check answers.

/** 0..100, rounded to one decimal. */
const score = z.number().min(0).max(100).describe('0 to 100 inclusive, one decimal');
/** 0..1, rounded to three decimals. */
const unitScore = z.number().min(0).max(1).describe('0 to 1 inclusive, three decimals');
const utcDateTime = z.iso.datetime().describe('RFC 3339 date-time in UTC with a Z suffix');

export const matchSchema = z.object({ name: z.string(), match_score: unitScore }).meta({
  id: 'Match',
  description: 'A suggested catalog product and how well it matches the name asked for.',
});

const dimension = z.enum(DIMENSIONS as [Dimension, ...Dimension[]]);

/**
 * What a score rests on: sources, or a prior because no source rated it (the category's mean,
 * or the whole catalog's where no product of the category has the rating).
 */
export const SCORE_BASES = ['sources', 'category_prior', 'catalog_prior'] as const;
export type ScoreBasis = (typeof SCORE_BASES)[number];

const basis = (sources: string, prior: string) =>
  z
    .enum(SCORE_BASES)
    .describe(
      `sources: ${sources}; category_prior: ${prior}, so the score is the category's mean and ` +
        "says nothing about the product itself; catalog_prior: likewise, the whole catalog's " +
        "mean, where no product of the category has one (never another category's numbers). " +
        'Added by the revised synthesis rules; clients that do not know it can ignore it.',
    );

export const dimensionScoreSchema = z
  .object({
    dimension,
    score,
    basis: basis(
      'the mean of its rated criteria, each weighted by the ratings it rests on (unrated ' +
        'criteria are left out)',
      'no source rated any of its criteria',
    ),
    summary: z.string().optional().describe('Omitted when detail=compact.'),
  })
  .meta({ id: 'DimensionScore' });

export const featureScoreSchema = z
  .object({
    name: z.enum(CRITERIA as [Criterion, ...Criterion[]]),
    score,
    dimension: dimension.describe('The dimension this criterion belongs to'),
    basis: basis(
      'at least one source rated this criterion (their weighted mean, shrunk toward the ' +
        "category's mean and kept within the ratings' range)",
      'no source rated it',
    ),
  })
  .meta({ id: 'FeatureScore' });

export const titleDetailSchema = z
  .object({
    title: z.string(),
    detail: z.string(),
    sources: z
      .array(z.string())
      .describe(
        'The names of the sources this entry rests on (as in source_consensus); empty for a ' +
          'fact about offers. Additive: clients that do not know it can ignore it.',
      ),
  })
  .meta({ id: 'TitleDetail' });

export const sourceConsensusSchema = z
  .object({
    source: z.string(),
    source_type: z.enum(SOURCE_TYPES),
    score,
    summary: z.string().optional().describe('Omitted when detail=compact.'),
    url: z
      .string()
      .nullable()
      .describe("The review's page (the citation); null when the catalog gives none. Additive."),
    reviewed_at: utcDateTime
      .nullable()
      .describe(
        'When the source reviewed the product; null when the catalog gives none. Additive.',
      ),
  })
  .meta({ id: 'SourceConsensus' });

export const offerSchema = z
  .object({
    retailer_name: z.string(),
    price: z.number().positive().describe('US dollars'),
    price_as_of: utcDateTime.describe('When the price was observed, as imported'),
    buy_url: z
      .url()
      .describe(
        'A signed, tracked purchase link served by this service; it redirects (302) to the retailer',
      ),
  })
  .meta({ id: 'Offer' });

export const resolutionSchema = z
  .object({
    confidence: unitScore,
    other_matches: z
      .array(matchSchema)
      .max(MAX_SUGGESTIONS)
      .describe('The next-best candidates, best first; never the resolved product'),
  })
  .meta({ id: 'Resolution' });

export const categoryRankSchema = z
  .object({
    category: z.string().describe("The product's catalog category"),
    rank: z.number().int().min(1).describe('1 is the best reviewed product of the category'),
    of: z
      .number()
      .int()
      .min(1)
      .describe('How many products of the category are reviewed (a source scored them)'),
    percentile: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('100 for the best, 0 for the last; 100 when it is the only one'),
  })
  .meta({
    id: 'CategoryRank',
    description:
      "The product's standing among its category's reviewed products by service_score " +
      '(ties: more sources first), computed at publication.',
  });

export const alternativeSchema = z
  .object({
    kind: z
      .enum(['better', 'cheaper', 'top'])
      .describe(
        'better: scores clearly higher at a price not far above; cheaper: scores about as well ' +
          "and costs clearly less; top: the category's best reviewed product " +
          '(docs/decisions.md, What to buy instead)',
      ),
    id: z.string().min(1).describe("The alternative's catalog id: look it up by its name"),
    product_name: z.string(),
    brand: z.string(),
    service_score: score,
    starting_price_usd: z
      .number()
      .positive()
      .nullable()
      .describe('Its lowest offer price in USD; null when there is no offer (only for top)'),
    source_count: z.number().int().min(1),
    reason: z.string().describe('One sentence, with the numbers the choice rests on'),
  })
  .meta({
    id: 'Alternative',
    description:
      'A reviewed product of the same category offered instead, chosen at publication; never ' +
      'the product itself.',
  });

export const productIntelligenceSchema = z
  .object({
    found: z.literal(true),
    id: z
      .string()
      .min(1)
      .describe(
        "The product's stable catalog id (the id of its catalog line): the key to cache, " +
          'store or link an answer by, whatever name was asked',
      ),
    product_name: z.string(),
    brand: z.string(),
    category: z
      .string()
      .describe("The product's catalog category; criterion priors are this category's means"),
    headline: z.string(),
    summary: z
      .string()
      .optional()
      .describe('Long-form synthesized verdict; omitted when detail=compact.'),
    service_score: score.describe(
      "The overall score: the sources' overall scores (source_consensus) weighted by source " +
        "type, shrunk toward the category's mean overall score with at most one source's weight " +
        "and kept within the sources' range. With no review it is the category's mean (see " +
        'score_basis). Criteria never move it.',
    ),
    score_basis: z
      .enum(SCORE_BASES)
      .describe(
        'What service_score rests on: sources, or category_prior / catalog_prior when no source ' +
          "reviewed the product and the score is the category's (or catalog's) mean overall " +
          'score, not a verdict on it. Additive: clients that do not know it can ignore it.',
      ),
    category_rank: categoryRankSchema
      .nullable()
      .describe(
        'Its rank among the reviewed products of its category; null for an unreviewed product ' +
          '(score_basis is not sources), which has no rank, and when the catalog holds no ranks ' +
          'the service can use (imported before ranks were stored, or with other synthesis ' +
          'settings). Additive: clients that do not know it can ignore it.',
      ),
    alternatives: z
      .array(alternativeSchema)
      .max(3)
      .describe(
        'Up to three products to buy instead, in the order better, cheaper, top, each once; ' +
          'empty when none qualifies, and when the catalog holds no alternatives the service ' +
          'can use (as for category_rank). Additive: clients that do not know it can ignore it.',
      ),
    dimension_scores: z.array(dimensionScoreSchema).length(7),
    feature_scores: z.array(featureScoreSchema).length(27),
    highlights: z
      .array(titleDetailSchema)
      .describe(
        'Evidence only: its strongest rated criteria (at most 3), then the pros its sources ' +
          'state, most often stated first',
      ),
    considerations: z
      .array(titleDetailSchema)
      .describe(
        'Evidence only: its weakest rated criteria (at most 3), the cons its sources state, ' +
          'most often stated first, then facts (no current offer, one source, sources that disagree)',
      ),
    source_consensus: z.array(sourceConsensusSchema),
    offers: z.array(offerSchema).describe('Sorted by price, lowest first'),
    starting_price_usd: z
      .number()
      .positive()
      .nullable()
      .describe('The lowest offer price in USD; null when there is no offer'),
    source_count: z.number().int().min(0),
    resolution: resolutionSchema,
    as_of: utcDateTime.describe('When the catalog data behind this answer was published'),
  })
  .meta({
    id: 'ProductIntelligence',
    description: 'The assessment of a confidently resolved product.',
  });

export const limitedCoverageSchema = z
  .object({
    found: z.literal(false),
    other_matches: z
      .array(matchSchema)
      .max(MAX_SUGGESTIONS)
      .describe('Suggestions, best first; never a wrong product presented as a match'),
    as_of: utcDateTime.describe('When the catalog data behind this answer was published'),
  })
  .meta({ id: 'LimitedCoverage', description: 'No catalog product matches the name confidently.' });

export const lookupResultSchema = z
  .discriminatedUnion('found', [productIntelligenceSchema, limitedCoverageSchema])
  .meta({ id: 'LookupResult' });

export const batchResponseSchema = z
  .object({
    results: z
      .array(lookupResultSchema)
      .min(1)
      .max(5)
      .describe('One entry per name, in request order'),
  })
  .meta({ id: 'BatchLookupResponse' });

export type ProductIntelligence = z.infer<typeof productIntelligenceSchema>;
export type LimitedCoverage = z.infer<typeof limitedCoverageSchema>;
export type CategoryRank = z.infer<typeof categoryRankSchema>;
export type Alternative = z.infer<typeof alternativeSchema>;
export type LookupResult = z.infer<typeof lookupResultSchema>;
export type FeatureScore = z.infer<typeof featureScoreSchema>;
export type Match = z.infer<typeof matchSchema>;
export type Offer = z.infer<typeof offerSchema>;
export type Resolution = z.infer<typeof resolutionSchema>;

/**
 * JSON Schema options for publishing the answer schemas (OpenAPI document, MCP output schemas):
 * objects stay open (no `additionalProperties: false`), so fields added later, like the
 * revised synthesis's `basis`, `score_basis`, `sources`, `url` and `reviewed_at`, never fail a
 * client that validates against an older schema or only the specification's fields.
 * An integer shows only the bounds the API sets: zod's `.int()` also checks JavaScript's safe
 * range, ±9007199254740991, which it writes as a bound the reference page would show on every
 * count; zod still checks it, the published schema just does not say it.
 */
export const OPEN_OBJECTS = {
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    if (jsonSchema.type !== 'integer') return;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  },
};
