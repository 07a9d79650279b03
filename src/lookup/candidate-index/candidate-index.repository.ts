import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DatabaseReader } from '../../database/database-reader.js';
import { LATEST_PUBLICATION, type Publication } from '../../publication/publication.sql.js';
import { CATEGORIES } from '../lookup.repository.js';
import type { IndexedProduct, IndexedSearchName, IndexedVocabulary } from './candidate-index.js';
import { wordStarts } from './text-order.js';

/** What a publication's candidate index holds, read from its tables. */
export interface IndexRows {
  publication: Publication;
  /** What the rows were read from (FINGERPRINT). */
  fingerprint: string;
  /** The exact name keys and aliases' keys (name_keys, name_aliases), joined by spaces. */
  keys: { text: string; count: number };
  products: IndexedProduct[];
  vocabulary: IndexedVocabulary;
  names: IndexedSearchName[];
  /** The catalog's categories, whose last words are its kinds of product (kindsOf). */
  categories: string[];
}

/** How much a publication's search tables hold: what an index of them would take. */
/** The latest publication, and what its tables are (FINGERPRINT). */
export interface IndexedState {
  publicationId: number;
  publishedAtMs: number;
  fingerprint: string;
}

export interface IndexSize {
  products: number;
  searchNames: number;
  /** Terms carried by all search names together, and the vocabulary's distinct terms. */
  nameTerms: number;
  terms: number;
  /** Characters of the products' ids, names, brands, categories and search names. */
  text: number;
  /** Exact name keys and aliases. */
  keys: number;
}

// The tables an index is read from, and the confirmed aliases' keys: an import swaps the
// tables and a restore truncates them (new files either way), an alias changes its table's
// rows, an offers feed changes neither.
const FINGERPRINT = `
  concat_ws(':', pg_relation_filenode('products'), pg_relation_filenode('product_search_names'),
            pg_relation_filenode('search_terms'), pg_relation_filenode('name_keys'),
            (SELECT count(*) || '/' || coalesce(sum(hashtext(key)::int8), 0) FROM name_aliases))`;

const STATE = `
  SELECT p.id AS "publicationId",
         floor(extract(epoch FROM p."publishedAt") * 1000)::float8 AS "publishedAtMs",
         ${FINGERPRINT} AS fingerprint
    FROM (${LATEST_PUBLICATION}) p`;

const SIZE = `
  SELECT
         (SELECT count(*) FROM products)::int AS products,
         (SELECT count(*) FROM product_search_names)::int AS "searchNames",
         (SELECT coalesce(sum(cardinality(terms)), 0) FROM product_search_names)::int8::float8
           AS "nameTerms",
         (SELECT count(*) FROM search_terms)::int AS terms,
         (SELECT coalesce(sum(length(id) + length(name) + length(brand) + length(category)
                              + length(names_norm)), 0) FROM products)::int8::float8 AS text,
         ((SELECT count(*) FROM name_keys) + (SELECT count(*) FROM name_aliases))::float8 AS keys`;

// The vocabulary as three strings, its terms and their counts in byte order, each joined by
// spaces: not a row, nor a string, a term.
const VOCABULARY = `
  SELECT coalesce(string_agg(term, ' ' ORDER BY term COLLATE "C"), '') AS terms,
         coalesce(string_agg(df::text, ' ' ORDER BY term COLLATE "C"), '') AS df,
         coalesce(string_agg(siblings::text, ' ' ORDER BY term COLLATE "C"), '') AS siblings,
         count(*)::int AS count
    FROM search_terms`;

// The keys a name is probed by (answer.repository.ts), as one string: a key holds no space.
const KEYS = `
  SELECT coalesce(string_agg(key, ' '), '') AS text, count(*)::int AS count,
         ${FINGERPRINT} AS fingerprint
    FROM (SELECT key FROM name_keys UNION ALL SELECT key FROM name_aliases) k`;

/** `count` integers written in `text`, separated by spaces. */
function integers(text: string, count: number): Int32Array {
  const starts = wordStarts(text, count);
  return Int32Array.from({ length: count }, (_, i) =>
    Number(text.slice(starts[i], starts[i + 1]! - 1)),
  );
}

/** Reads a publication's search names and vocabulary for the candidate index. */
@Injectable()
export class CandidateIndexRepository {
  constructor(private readonly reader: DatabaseReader) {}

  async state(): Promise<IndexedState | undefined> {
    return (await this.reader.client().pool.query<IndexedState>(STATE)).rows[0];
  }

  async size(): Promise<IndexSize> {
    return (await this.reader.client().pool.query<IndexSize>(SIZE)).rows[0]!;
  }

  /**
   * The latest publication's rows, or undefined when another was published while they were
   * read (a publication swaps the tables: the same publication before and after says the
   * rows are all its own).
   */
  async read(): Promise<IndexRows | undefined> {
    const client = await this.reader.client().pool.connect();
    try {
      const before = await latest(client);
      if (!before) return undefined;
      const products = (
        await client.query<IndexedProduct>(
          'SELECT id, name, brand, category, names_norm AS names FROM products',
        )
      ).rows;
      // An aggregate: always one row.
      const [counted] = (
        await client.query<{ terms: string; df: string; siblings: string; count: number }>(
          VOCABULARY,
        )
      ).rows as [{ terms: string; df: string; siblings: string; count: number }];
      const vocabulary = {
        terms: counted.terms,
        df: integers(counted.df, counted.count),
        siblings: integers(counted.siblings, counted.count),
      };
      const byId = new Map(products.map((product, i) => [product.id, i]));
      const names = (
        await client.query<{ productId: string; terms: string }>(
          `SELECT product_id AS "productId", array_to_string(terms, ' ') AS terms
             FROM product_search_names`,
        )
      ).rows.flatMap(({ productId, terms }) => {
        const product = byId.get(productId);
        return product === undefined ? [] : [{ product, terms }];
      });
      const [{ fingerprint, ...keys }] = (
        await client.query<{ text: string; count: number; fingerprint: string }>(KEYS)
      ).rows as [{ text: string; count: number; fingerprint: string }];
      const categories = (await client.query<{ category: string }>(CATEGORIES)).rows.map(
        (row) => row.category,
      );
      const after = await latest(client);
      if (after?.id !== before.id) return undefined;
      return { publication: before, fingerprint, keys, products, vocabulary, names, categories };
    } finally {
      client.release();
    }
  }
}

async function latest(client: pg.PoolClient): Promise<Publication | undefined> {
  return (await client.query<Publication>(LATEST_PUBLICATION)).rows[0];
}
