import { Injectable } from '@nestjs/common';
import { arrayLiteral } from '../database/array-literal.js';
import { DatabaseReader } from '../database/database-reader.js';
import { PrismaService } from '../database/prisma.service.js';
import type { CandidateTerms, TermMatch } from './candidate-terms.js';
import { NAMES_SEPARATOR } from '../names/name-normaliser.js';
import { LATEST_PUBLICATION, type Publication } from '../publication/publication.sql.js';

/** A product that may be what a query names, with every name it is known by. */
export interface CandidateProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  names: string[];
  /** The weight of the query's terms its best search name carries (candidate-terms.ts). */
  weight: number;
}

/**
 * A candidate of name `query`, or (query null) the row saying only which publication. Its
 * names come as one string and the publication's time as milliseconds: text arrays and
 * timestamps are parsed in JavaScript, once per row, and every row repeats the publication.
 */
type CandidateRow = Omit<CandidateProduct, 'names'> & {
  publicationId: number | null;
  publishedAtMs: number;
  query: number | null;
  names: string;
};

// The statements of every lookup, as text for named prepared statements.

const FIND_TERMS = `
  SELECT term AS "queryTerm", term, df, 1::float8 AS similarity, siblings
    FROM search_terms
   WHERE term = ANY($1::text[])
  UNION ALL
  SELECT q.word, c.word, c.df, c.similarity, 0
    FROM unnest($2::text[]) AS q(word)
   CROSS JOIN LATERAL (
         SELECT word, df, 1 - (word <-> q.word)::float8 AS similarity
           FROM search_words
          WHERE word % q.word
          ORDER BY word <-> q.word, word COLLATE "C"
          LIMIT $3) c
   WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = q.word)`;

// The candidates of every name of a lookup or batch, in one statement. Each term of each name
// is a row of the arrays: the name's index, the term, its weight, whether it narrows, and
// whether the name's narrowing terms must all be on a name (else any of them). Names carrying
// them are ranked by the weight of the name's terms they carry; each name's best `$6` products
// come back with every name they are known by (names_norm, on the product row: no aggregate
// per candidate). The catalog publication is read in the same statement, so an answer and the
// publication it is cached under always agree; the one row with no product says which
// publication it is when no name has a candidate. Each candidate's product is read by its key
// (OFFSET 0 keeps the planner from turning the few dozen reads into a hash join over every
// product, which it estimates cheaper on a small catalog).
const ranked = (operator: '&&' | '@>', every: boolean) => `
  SELECT q.query, c.product_id, c.weight
    FROM queries q
   CROSS JOIN LATERAL (
         SELECT n.product_id,
                max((SELECT sum(u.weight) FROM unnest(q.terms, q.weights) AS u(term, weight)
                      WHERE u.term = ANY(n.terms))) AS weight
           FROM product_search_names n
          WHERE n.terms ${operator} q.narrow
          GROUP BY n.product_id
          ORDER BY weight DESC, n.product_id COLLATE "C"
          LIMIT $6) c
   WHERE ${every ? '' : 'NOT '}q.every`;

const FIND_CANDIDATES = `
  WITH queries AS (
         SELECT query, array_agg(term) FILTER (WHERE narrows) AS narrow, array_agg(term) AS terms,
                array_agg(weight) AS weights, bool_or(every) AS every
           FROM unnest($1::int[], $2::text[], $3::float8[], $4::bool[], $5::bool[])
                AS w(query, term, weight, narrows, every)
          GROUP BY query),
       ranked AS (${ranked('&&', false)}
         UNION ALL ${ranked('@>', true)}),
       publication AS (${LATEST_PUBLICATION})
  SELECT pub.id AS "publicationId",
         floor(extract(epoch FROM pub."publishedAt") * 1000)::float8 AS "publishedAtMs", r.query,
         p.id, p.name, p.brand, p.category, p.names_norm AS names, r.weight
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN publication pub ON true
    LEFT JOIN (ranked r CROSS JOIN LATERAL (
         SELECT id, name, brand, category, names_norm FROM products
          WHERE id = r.product_id OFFSET 0) p) ON true
   ORDER BY r.query, r.weight DESC, p.id COLLATE "C"`;

// The products carrying any of the barcodes (14 digits each), by the gtins' GIN index, with
// the publication read in the same statement, as for candidates.
const FIND_BARCODES = `
  SELECT pub.id AS "publicationId",
         floor(extract(epoch FROM pub."publishedAt") * 1000)::float8 AS "publishedAtMs",
         b.gtin, b.id, b.name
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN (${LATEST_PUBLICATION}) pub ON true
    LEFT JOIN (SELECT g.gtin, p.id, p.name
                 FROM unnest($1::text[]) AS g(gtin)
                 JOIN products p ON p.gtins @> ARRAY[g.gtin]) b ON true`;

/** The catalog's categories: each import recomputes their priors, one row or more each. */
export const CATEGORIES =
  'SELECT category FROM category_score_priors UNION SELECT category FROM category_priors';

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
   * catalog's digit-free words that are close at all (`%`: a similarity of at least
   * MIN_SIMILARITY, the session's pg_trgm threshold, pg-pool.ts), found by the words' GIN
   * trigram index. Equally close words are taken in alphabetical order.
   */
  async findTerms(terms: string[], words: string[], perWord: number): Promise<TermMatch[]> {
    return await this.prepared<TermMatch>('lookup-find-terms', FIND_TERMS, [
      arrayLiteral(terms),
      arrayLiteral(words),
      perWord,
    ]);
  }

  /**
   * For each name (undefined: no term of it is in the catalog), the products with a search
   * name carrying any of its `narrow` terms, or all of them, ranked by the weight of its terms
   * their best name carries, best first; and the publication they were read from.
   */
  async findCandidates(
    queries: readonly (CandidateTerms | undefined)[],
    limit: number,
  ): Promise<{ publication?: Publication; candidates: CandidateProduct[][] }> {
    const index: number[] = [];
    const terms: string[] = [];
    const weights: number[] = [];
    const narrows: boolean[] = [];
    const every: boolean[] = [];
    for (const [i, query] of queries.entries()) {
      const narrow = new Set(query?.narrow);
      for (const { term, weight } of query?.weighted ?? []) {
        index.push(i);
        terms.push(term);
        weights.push(weight);
        narrows.push(narrow.has(term));
        every.push(query!.all);
      }
    }
    const rows = await this.prepared<CandidateRow>('lookup-candidates', FIND_CANDIDATES, [
      ...[index, terms, weights, narrows, every].map(arrayLiteral),
      limit,
    ]);
    const candidates = queries.map((): CandidateProduct[] => []);
    for (const { query, id, name, brand, category, names, weight } of rows)
      if (query !== null)
        candidates[query]!.push({
          id,
          name,
          brand,
          category,
          names: names.split(NAMES_SEPARATOR),
          weight,
        });
    const [{ publicationId, publishedAtMs }] = rows as [CandidateRow];
    const publishedAt = new Date(publishedAtMs);
    return {
      ...(publicationId !== null && { publication: { id: publicationId, publishedAt } }),
      candidates,
    };
  }

  /** The product carrying each barcode (14 digits), and the publication it was read from. */
  async findBarcodes(
    gtins: string[],
  ): Promise<{ publication?: Publication; products: Map<string, { id: string; name: string }> }> {
    const rows = await this.prepared<{
      publicationId: number | null;
      publishedAtMs: number;
      gtin: string | null;
      id: string;
      name: string;
    }>('lookup-find-barcodes', FIND_BARCODES, [arrayLiteral(gtins)]);
    const products = new Map<string, { id: string; name: string }>();
    for (const { gtin, id, name } of rows) if (gtin !== null) products.set(gtin, { id, name });
    const { publicationId, publishedAtMs } = rows[0]!;
    return {
      ...(publicationId !== null && {
        publication: { id: publicationId, publishedAt: new Date(publishedAtMs) },
      }),
      products,
    };
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

  /** The catalog's categories (each import recomputes their priors, one row or more each). */
  async categories(): Promise<string[]> {
    const rows = await this.prepared<{ category: string }>('lookup-categories', CATEGORIES, []);
    return rows.map((row) => row.category);
  }

  /** The catalog publication answers come from: the latest import. */
  async latestPublication(): Promise<Publication | undefined> {
    const [row] = await this.prepared<Publication>('lookup-publication', LATEST_PUBLICATION, []);
    return row;
  }

  /** Connections the read pool could hand out now without anyone waiting. */
  idleConnections(): number {
    const pool = this.reader.client().pool;
    return Math.max(0, pool.idleCount + pool.options.max - pool.totalCount - pool.waitingCount);
  }

  /**
   * A statement run on every lookup: prepared once per connection under its name. Its array
   * parameters come as literals (arrayLiteral): terms are normalised words, ids catalog ids.
   */
  private async prepared<T extends object>(name: string, text: string, values: unknown[]) {
    return (await this.reader.client().pool.query<T>({ name, text, values })).rows;
  }
}
