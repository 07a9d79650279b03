import type pg from 'pg';
import { STAGED_TABLE_NAMES } from './catalog-staging.js';

// The tables of a catalog, and the steps an import keys them in (catalog.repository.ts).

/** Every table an import writes: the staged ones, then what is computed from them. */
export const CATALOG_TABLES = [
  ...STAGED_TABLE_NAMES,
  'search_terms',
  'search_words',
  'category_priors',
  'category_score_priors',
  'product_answers',
  'product_scores',
  'name_keys',
] as const;
export type CatalogTable = (typeof CATALOG_TABLES)[number];

/**
 * How a build is keyed, beside itself: the products first, alone (adding a key locks its table
 * against readers); then, on two sessions at once, the priors with the reviews and offers the
 * answers are read by, and the search vocabulary with the search names; the answers last.
 */
export const KEYED_FIRST = ['products'] as const satisfies CatalogTable[];
export const ANSWER_TABLES = [
  'product_answers',
  'product_scores',
  'name_keys',
] as const satisfies CatalogTable[];
export const PRIOR_TABLES = ['category_priors', 'category_score_priors'] as const;
export const PRIORS_AND_ANSWER_SOURCES = [
  'reviews',
  'offers',
  ...PRIOR_TABLES,
] as const satisfies CatalogTable[];
export const VOCABULARY_TABLES = ['search_terms', 'search_words'] as const;
export const VOCABULARY_AND_NAMES = [
  'product_search_names',
  ...VOCABULARY_TABLES,
] as const satisfies CatalogTable[];

/** The schema the published catalog is in (the one migrations created it in). */
export async function publishedSchema(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(
    `SELECT relnamespace::regnamespace::text AS schema FROM pg_class
      WHERE oid = 'products'::regclass`,
  );
  return rows[0]!.schema;
}

/** A sequence a catalog table owns (the ids of reviews and offers). */
export interface OwnedSequence {
  sequence: string;
  table: string;
  column: string;
}

/** The sequences `tables` (qualified names) own. */
export async function ownedSequences(
  client: pg.ClientBase,
  tables: string[],
): Promise<OwnedSequence[]> {
  const { rows } = await client.query<OwnedSequence>(
    `SELECT s.oid::regclass::text AS sequence, t.relname AS table, a.attname AS column
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype = 'a' AND d.refobjid = ANY($1::regclass[])
      ORDER BY 1`,
    [tables],
  );
  return rows;
}
