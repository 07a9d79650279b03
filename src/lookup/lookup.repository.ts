import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { DatabaseReader } from '../database/database-reader.js';
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

// The statements of every lookup, as text for named prepared statements.

const FIND_TERMS = `
  SELECT term AS "queryTerm", term, df, 1::float8 AS similarity
    FROM search_terms
   WHERE term = ANY($1::text[])
  UNION ALL
  SELECT q.word, c.word, c.df, c.similarity
    FROM unnest($2::text[]) AS q(word)
   CROSS JOIN LATERAL (
         SELECT word, df, 1 - (word <-> q.word)::float8 AS similarity
           FROM search_words
          ORDER BY word <-> q.word
          LIMIT $3) c
   WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = q.word)`;

const candidates = (filter: string) => `
  WITH weights AS (SELECT * FROM unnest($2::text[], $3::float8[]) AS w(term, weight)),
       ranked AS (
         SELECT n.product_id,
                max((SELECT sum(w.weight) FROM weights w WHERE w.term = ANY(n.terms))) AS weight
           FROM product_search_names n
          WHERE ${filter}
          GROUP BY n.product_id
          ORDER BY weight DESC, n.product_id
          LIMIT $4)
  SELECT p.id, p.name, p.brand, p.category,
         (SELECT array_agg(s.name_norm) FROM product_search_names s
           WHERE s.product_id = p.id) AS names
    FROM ranked r
    JOIN products p ON p.id = r.product_id
   ORDER BY r.weight DESC, p.id`;
const CANDIDATES_ANY = candidates('n.terms && $1::text[]');
const CANDIDATES_ALL = candidates('n.terms @> $1::text[]');

const FIND_PRODUCTS = `
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
   WHERE p.id = ANY($1::text[])`;

const LATEST_PUBLICATION = `
  SELECT id, published_at AS "publishedAt"
    FROM catalog_publications
   ORDER BY imported_at DESC, id DESC
   LIMIT 1`;

/** Where no rating exists anywhere, a criterion's prior is the middle of the scale. */
const NEUTRAL_PRIOR = 50;

/** All SQL of lookups: candidate generation, product reads, priors, publication. */
@Injectable()
export class LookupRepository {
  constructor(
    private readonly prisma: PrismaService,
    /** Reads go to a caught-up replica when there is one; writes (clicks) to the primary. */
    private readonly reader: DatabaseReader,
  ) {}

  /**
   * The vocabulary entries of the query's terms: each term the catalog has (similarity 1), and
   * for each of `words` it lacks (a typo), the closest words by trigram distance among the
   * catalog's digit-free words, a small table at any catalog size.
   */
  async findTerms(terms: string[], words: string[], perWord: number): Promise<TermMatch[]> {
    return await this.prepared<TermMatch>('lookup-find-terms', FIND_TERMS, [terms, words, perWord]);
  }

  /**
   * Products with a name carrying any of the `narrow` terms (rare ones, so few rows), or all
   * of them, ranked by the weight of the query's terms their best name carries, best first.
   */
  async findCandidates(
    { narrow, all, weighted }: CandidateTerms,
    limit: number,
  ): Promise<CandidateProduct[]> {
    const values = [narrow, weighted.map((w) => w.term), weighted.map((w) => w.weight), limit];
    return all
      ? await this.prepared<CandidateProduct>('lookup-candidates-all', CANDIDATES_ALL, values)
      : await this.prepared<CandidateProduct>('lookup-candidates-any', CANDIDATES_ANY, values);
  }

  /** Products with their reviews and offers, in one round trip. */
  async findProducts(ids: string[]): Promise<ProductRecord[]> {
    const rows = await this.prepared<ProductRow>('lookup-find-products', FIND_PRODUCTS, [ids]);
    return rows.map((row) => ({
      ...row,
      offers: row.offers.map((offer) => ({ ...offer, priceAsOf: new Date(offer.priceAsOf) })),
    }));
  }

  /** The category's mean of each criterion; the catalog-wide mean where it has none. */
  async priorsOf(category: string): Promise<CriterionPriors> {
    const rows = await this.reader
      .client()
      .$queryRaw<{ criterion: string; category_mean: number | null; overall: number }[]>(
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
    const offer = await this.reader.client().offer.findUnique({
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
    const [row] = await this.prepared<Publication>('lookup-publication', LATEST_PUBLICATION, []);
    return row;
  }

  /** A statement run on every lookup: prepared once per connection under its name. */
  private async prepared<T extends object>(name: string, text: string, values: unknown[]) {
    return (await this.reader.client().pool.query<T>({ name, text, values })).rows;
  }
}
