import { z } from 'zod';
import { CRITERIA, SOURCE_TYPES, type Criterion } from '../taxonomy/taxonomy.js';
import { gtinProblem } from '../names/gtin.js';

// The public import format of catalog-format.md. catalog-line.schema.json is generated
// from this schema (npm run catalog:schema) and a unit test keeps the two in step.

const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/\S/, 'must not be blank')
    // NUL and other control characters would corrupt COPY and are never meant.
    .regex(/^\P{Cc}*$/u, 'must not contain control characters');

const isoDateTime = z.iso.datetime({ offset: true });
const httpUrl = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain })
  .max(2000)
  .describe('an http or https URL');
const rating = z.number().min(0).max(100);

const criterionKey = z.enum(CRITERIA as [Criterion, ...Criterion[]]);

/** A barcode as printed: 8, 12, 13 or 14 digits, the last a valid check digit (names/gtin.ts). */
const gtin = z
  .string()
  .regex(/^(\d{8}|\d{12,14})$/, 'must be a GTIN: 8, 12, 13 or 14 digits, without spaces')
  .superRefine((digits, ctx) => {
    const problem = gtinProblem(digits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('a GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) or GTIN-14, check digit valid');

export const reviewSchema = z.strictObject({
  source: text(120),
  source_type: z.enum(SOURCE_TYPES),
  score: rating,
  summary: text(2000),
  url: httpUrl.optional(),
  reviewed_at: isoDateTime.optional(),
  criteria: z.partialRecord(criterionKey, rating).optional(),
  // What the source praises and faults, as it states them: short, so they read as a list.
  pros: z.array(text(200)).max(10).optional(),
  cons: z.array(text(200)).max(10).optional(),
});

export const offerSchema = z.strictObject({
  retailer_name: text(120),
  price: z.number().positive().max(10_000_000),
  price_as_of: isoDateTime,
  url: httpUrl,
});

/** The reviews whose source an earlier review of the same product has. */
export function duplicateSources(
  reviews: readonly { source: string }[],
): { index: number; source: string }[] {
  const seen = new Set<string>();
  const duplicates: { index: number; source: string }[] = [];
  reviews.forEach(({ source }, index) => {
    if (seen.has(source)) duplicates.push({ index, source });
    seen.add(source);
  });
  return duplicates;
}

export const catalogLineSchema = z
  .strictObject({
    id: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[a-z0-9-]+$/, 'must be 1 to 120 characters of a-z, 0-9 and -'),
    name: text(200),
    brand: text(120),
    category: text(120),
    aliases: z.array(text(200)).max(50).optional(),
    gtin: z.array(gtin).max(20).optional(),
    mpn: text(70).optional().describe("the maker's part number"),
    reviews: z.array(reviewSchema).max(100).optional(),
    offers: z.array(offerSchema).max(100).optional(),
  })
  .superRefine((line, ctx) => {
    for (const { index, source } of duplicateSources(line.reviews ?? [])) {
      ctx.addIssue({
        code: 'custom',
        path: ['reviews', index, 'source'],
        message: `duplicate source "${source}": one review per source`,
      });
    }
  })
  .meta({
    title: 'Product Intelligence catalog line',
    description: 'One product of a catalog import file (JSON Lines, one product per line).',
  });

/**
 * How the import parses a line, a review or an offer: a missing field says "required" (zod's
 * own words, "expected string, received undefined", read as a type error to a newcomer).
 */
export const READ_OPTIONS = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined,
};

export type CatalogLine = z.infer<typeof catalogLineSchema>;
export type CatalogReview = z.infer<typeof reviewSchema>;
export type CatalogOffer = z.infer<typeof offerSchema>;
