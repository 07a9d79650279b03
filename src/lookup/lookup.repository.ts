import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import { CRITERIA } from '../synthesis/taxonomy.js';
import type { CriterionPriors, OfferRecord, ProductRecord } from '../synthesis/synthesis.types.js';
import type { CandidateTerms } from './candidate-terms.js';

/** A product that may be what a query names, with every name it is known by. */
export interface CandidateProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  names: string[];
}

/** A vocabulary term for a query term, and how many search names carry it. */
export interface TermMatch {
  queryTerm: string;
  term: string;
  df: number;
  /** 1 for the query term itself; trigram similarity for a close term. */
  similarity: number;
}

/** A product row with its reviews and offers as JSON (timestamps as text). */
type ProductRow = Omit<ProductRecord, 'offers'> & {
  offers: (Omit<OfferRecord, 'priceAsOf'> & { priceAsOf: string })[];
};

/** One catalog import: its id keys cached answers, its time is every answer's as_of. */
export interface Publication {
  id: number;
  publishedAt: Date;
}

/** Where no rating exists anywhere, a criterion's prior is the middle of the scale. */
const NEUTRAL_PRIOR = 50;

/** All SQL of lookups: candidate generation, product reads, priors, publication. */
@Injectable()
export class LookupRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The vocabulary entries of the query's terms: each term the catalog has (similarity 1), and
   * for each of `words` it lacks (a typo), the closest words by trigram distance among the
   * catalog's digit-free words, a small table at any catalog size.
   */
  async findTerms(terms: string[], words: string[], perWord: number): Promise<TermMatch[]> {
    return await this.prisma.$queryRaw<TermMatch[]>(Prisma.sql`
      SELECT term AS "queryTerm", term, df, 1::float8 AS similarity
        FROM search_terms
       WHERE term = ANY(${terms}::text[])
      UNION ALL
      SELECT q.word, c.word, c.df, c.similarity
        FROM unnest(${words}::text[]) AS q(word)
       CROSS JOIN LATERAL (
             SELECT word, df, 1 - (word <-> q.word)::float8 AS similarity
               FROM search_words
              ORDER BY word <-> q.word
              LIMIT ${perWord}) c
       WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = q.word)`);
  }

  /**
   * Products with a name carrying any of the `narrow` terms (rare ones, so few rows), or all
   * of them, ranked by the weight of the query's terms their best name carries, best first.
   */
  async findCandidates(
    { narrow, all, weighted }: CandidateTerms,
    limit: number,
  ): Promise<CandidateProduct[]> {
    const filter = all
      ? Prisma.sql`n.terms @> ${narrow}::text[]`
      : Prisma.sql`n.terms && ${narrow}::text[]`;
    return await this.prisma.$queryRaw<CandidateProduct[]>(Prisma.sql`
      WITH weights AS (
             SELECT * FROM unnest(${weighted.map((w) => w.term)}::text[],
                                  ${weighted.map((w) => w.weight)}::float8[]) AS w(term, weight)),
           ranked AS (
             SELECT n.product_id,
                    max((SELECT sum(w.weight) FROM weights w WHERE w.term = ANY(n.terms))) AS weight
               FROM product_search_names n
              WHERE ${filter}
              GROUP BY n.product_id
              ORDER BY weight DESC, n.product_id
              LIMIT ${limit})
      SELECT p.id, p.name, p.brand, p.category,
             (SELECT array_agg(s.name_norm) FROM product_search_names s
               WHERE s.product_id = p.id) AS names
        FROM ranked r
        JOIN products p ON p.id = r.product_id
       ORDER BY r.weight DESC, p.id`);
  }

  /** A product with its reviews and offers, in one round trip. */
  async findProduct(id: string): Promise<ProductRecord | undefined> {
    const [row] = await this.prisma.$queryRaw<ProductRow[]>(Prisma.sql`
      SELECT p.id, p.name, p.brand, p.category,
             coalesce((SELECT json_agg(json_build_object(
                        'source', r.source, 'sourceType', r.source_type, 'score', r.score,
                        'summary', r.summary, 'criteria', r.criteria))
                         FROM reviews r WHERE r.product_id = p.id), '[]') AS reviews,
             coalesce((SELECT json_agg(json_build_object(
                        'offerId', o.id::text, 'retailerName', o.retailer_name,
                        'price', o.price::float8, 'priceAsOf', o.price_as_of, 'url', o.url))
                         FROM offers o WHERE o.product_id = p.id), '[]') AS offers
        FROM products p
       WHERE p.id = ${id}`);
    if (!row) return undefined;
    return {
      ...row,
      offers: row.offers.map((offer) => ({ ...offer, priceAsOf: new Date(offer.priceAsOf) })),
    };
  }

  /** The category's mean of each criterion; the catalog-wide mean where it has none. */
  async priorsOf(category: string): Promise<CriterionPriors> {
    const rows = await this.prisma.$queryRaw<
      { criterion: string; category_mean: number | null; overall: number }[]
    >(
      Prisma.sql`
        SELECT criterion,
               sum(mean * ratings) FILTER (WHERE category = ${category})
                 / nullif(sum(ratings) FILTER (WHERE category = ${category}), 0) AS category_mean,
               sum(mean * ratings) / sum(ratings) AS overall
          FROM category_priors
         GROUP BY criterion`,
    );
    const byCriterion = new Map(rows.map((r) => [r.criterion, r.category_mean ?? r.overall]));
    return Object.fromEntries(
      CRITERIA.map((criterion) => [criterion, byCriterion.get(criterion) ?? NEUTRAL_PRIOR]),
    ) as CriterionPriors;
  }

  async findOffer(id: string): Promise<{ id: bigint; productId: string; url: string } | undefined> {
    const offer = await this.prisma.offer.findUnique({
      where: { id: BigInt(id) },
      select: { id: true, productId: true, url: true },
    });
    return offer ?? undefined;
  }

  async recordClick(click: {
    offerId: bigint;
    productId: string;
    url: string;
    keyId?: string;
  }): Promise<void> {
    await this.prisma.purchaseClick.create({
      data: {
        offerId: click.offerId,
        productId: click.productId,
        retailerUrl: click.url,
        apiKeyId: click.keyId ?? null,
      },
    });
  }

  /** The catalog publication answers come from: the latest import. */
  async latestPublication(): Promise<Publication | undefined> {
    return (
      (await this.prisma.catalogPublication.findFirst({
        orderBy: [{ importedAt: 'desc' }, { id: 'desc' }],
        select: { id: true, publishedAt: true },
      })) ?? undefined
    );
  }
}
