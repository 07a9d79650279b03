import { Injectable, Logger } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DatabaseServer } from '../database/database-server.js';
import { PrismaService } from '../database/prisma.service.js';
import {
  CATALOG_PUBLISHED_CHANNEL,
  LATEST_PUBLICATION,
  type Publication,
} from '../publication/publication.sql.js';
import {
  STAGED_TABLE_NAMES,
  STAGED_TABLES,
  type CatalogStaging,
  type StagedTable,
} from './catalog-staging.js';
import type { CatalogCounts } from './catalog-validator.js';

/** Any constant shared by all instances: one catalog import at a time. */
const IMPORT_LOCK_KEY = 7_261_123_002;

export class ImportInProgressError extends Error {}

export interface LoadOptions {
  replace: boolean;
  publishedAt: Date;
  counts: CatalogCounts;
  /**
   * Called with the number of products in the catalog before anything is written (inside the
   * import's transaction and lock); throwing stops the import with nothing changed.
   */
  beforeLoad?: (currentProducts: number) => void;
  /** Bytes of staging files streamed so far. */
  onLoaded?: (bytes: number) => void;
  onPhase?: (phase: 'indexes' | 'merge' | 'analyze' | 'priors' | 'vocabulary' | 'vacuum') => void;
}

export type LoadMode = 'bulk' | 'merge';

interface Ddl {
  drop: string;
  create: string;
}

const ident = (name: string) => pg.Client.prototype.escapeIdentifier(name);
const columnList = (table: StagedTable) => STAGED_TABLES[table].map(ident).join(', ');

/** All SQL of catalog imports. Each load is one transaction: all or nothing. */
@Injectable()
export class CatalogRepository {
  private readonly logger = new Logger('CatalogImport');

  constructor(
    private readonly server: DatabaseServer,
    private readonly prisma: PrismaService,
  ) {}

  async load(staging: CatalogStaging, options: LoadOptions): Promise<LoadMode> {
    const client = new pg.Client({ connectionString: this.server.url });
    await client.connect();
    let mode: LoadMode;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [IMPORT_LOCK_KEY],
      );
      if (!rows[0]?.locked) throw new ImportInProgressError('another catalog import is running');
      await client.query("SET LOCAL maintenance_work_mem = '512MB'");
      // The vocabulary's and the priors' aggregates (millions of groups at a million products)
      // and their joins: in memory, not spilled to disk in batches (4 MB by default).
      await client.query("SET LOCAL work_mem = '256MB'");
      const current = await this.productCount(client);
      options.beforeLoad?.(current);
      mode = options.replace || current === 0 ? 'bulk' : 'merge';
      if (mode === 'bulk') await this.bulkLoad(client, staging, options);
      else await this.mergeLoad(client, staging, options);
      options.onPhase?.('priors');
      await this.recomputePriors(client);
      options.onPhase?.('vocabulary');
      await this.recomputeVocabulary(client);
      await client.query(
        `INSERT INTO catalog_publications (published_at, replaced, product_count, review_count, offer_count)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          options.publishedAt,
          options.replace,
          options.counts.products,
          options.counts.reviews,
          options.counts.offers,
        ],
      );
      // Every instance listening drops its cached answers once this commits.
      await client.query(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
      await client.query('COMMIT');
    } catch (error) {
      // The import's own error is what matters; a connection too broken to roll back ends
      // below, and PostgreSQL rolls back an ended session's transaction itself.
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
      throw error;
    }
    try {
      options.onPhase?.('vacuum');
      await this.vacuum(client);
    } finally {
      await client.end();
    }
    return mode;
  }

  /**
   * After publishing: every page of the catalog written by this import is marked all-visible
   * with its hints set, and the statistics are fresh, so that the first lookups neither
   * rewrite pages nor meet autovacuum working over the tables. A failure only delays that
   * work to autovacuum: the catalog is published already, so it is logged, not thrown.
   */
  private async vacuum(client: pg.Client): Promise<void> {
    const tables = [
      ...STAGED_TABLE_NAMES,
      'search_terms',
      'search_words',
      'category_priors',
      'category_score_priors',
    ];
    try {
      await client.query(`VACUUM (ANALYZE) ${tables.map(ident).join(', ')}`);
    } catch (error) {
      this.logger.warn(`VACUUM after the import failed, autovacuum will do it: ${String(error)}`);
    }
  }

  /** Replace everything: empty the tables, load without indexes, then build them once. */
  private async bulkLoad(
    client: pg.Client,
    staging: CatalogStaging,
    options: LoadOptions,
  ): Promise<void> {
    const tables = STAGED_TABLE_NAMES;
    const constraints = await this.constraintsOf(client, tables);
    const indexes = await this.indexesOf(client, tables);
    await client.query(`TRUNCATE ${tables.map(ident).join(', ')}`);
    for (const ddl of [...constraints.foreign, ...constraints.keys, ...indexes])
      await client.query(ddl.drop);
    await this.copyAll(client, staging, (table) => table, options.onLoaded);
    options.onPhase?.('indexes');
    for (const ddl of [...indexes, ...constraints.keys, ...constraints.foreign])
      await client.query(ddl.create);
    options.onPhase?.('analyze');
    await client.query(`ANALYZE ${tables.map(ident).join(', ')}`);
  }

  /** Upsert the file's products into a live catalog, replacing their reviews and offers. */
  private async mergeLoad(
    client: pg.Client,
    staging: CatalogStaging,
    options: LoadOptions,
  ): Promise<void> {
    const stage = (table: StagedTable) => `stage_${table}`;
    for (const table of STAGED_TABLE_NAMES) {
      await client.query(
        `CREATE TEMP TABLE ${ident(stage(table))} ON COMMIT DROP AS
           SELECT ${columnList(table)} FROM ${ident(table)} WITH NO DATA`,
      );
    }
    await this.copyAll(client, staging, stage, options.onLoaded);
    options.onPhase?.('merge');
    for (const child of ['product_search_names', 'reviews', 'offers'] as const) {
      await client.query(
        `DELETE FROM ${ident(child)} t USING stage_products s WHERE t.product_id = s.id`,
      );
    }
    await client.query(
      `INSERT INTO products (${columnList('products')}, updated_at)
         SELECT ${columnList('products')}, now() FROM stage_products
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, brand = EXCLUDED.brand, category = EXCLUDED.category,
         aliases = EXCLUDED.aliases, name_norm = EXCLUDED.name_norm, updated_at = EXCLUDED.updated_at`,
    );
    for (const child of ['product_search_names', 'reviews', 'offers'] as const) {
      await client.query(
        `INSERT INTO ${ident(child)} (${columnList(child)})
           SELECT ${columnList(child)} FROM ${ident(stage(child))}`,
      );
    }
  }

  private async copyAll(
    client: pg.Client,
    staging: CatalogStaging,
    target: (table: StagedTable) => string,
    onLoaded?: (bytes: number) => void,
  ): Promise<void> {
    let loaded = 0;
    for (const table of STAGED_TABLE_NAMES) {
      for (const file of staging.filesOf(table)) {
        const source = createReadStream(file, { highWaterMark: 1024 * 1024 });
        source.on('data', (chunk) => {
          loaded += chunk.length;
          onLoaded?.(loaded);
        });
        const sql = `COPY ${ident(target(table))} (${columnList(table)}) FROM STDIN`;
        await pipeline(source, client.query(copyFrom(sql)));
      }
    }
  }

  /**
   * Each category's mean of each criterion over all its sources' ratings, and its mean overall
   * score over all its reviews. Like the vocabulary,
   * aggregated into a temporary table first: PostgreSQL runs the query of a `CREATE TABLE AS`
   * with parallel workers, and never that of an `INSERT … SELECT`.
   */
  private async recomputePriors(client: pg.Client): Promise<void> {
    await client.query('DELETE FROM category_priors');
    await client.query(
      `CREATE TEMP TABLE new_priors ON COMMIT DROP AS
       SELECT p.category, c.key AS criterion, avg(c.value::float8) AS mean, count(*) AS ratings
         FROM reviews r
         JOIN products p ON p.id = r.product_id
        CROSS JOIN LATERAL jsonb_each_text(r.criteria) c
        GROUP BY p.category, c.key`,
    );
    await client.query(
      `INSERT INTO category_priors (category, criterion, mean, ratings)
       SELECT category, criterion, mean, ratings FROM new_priors`,
    );
    // And each category's mean overall score, the prior of service_score.
    await client.query('DELETE FROM category_score_priors');
    await client.query(
      `INSERT INTO category_score_priors (category, mean, reviews)
       SELECT p.category, avg(r.score), count(*)
         FROM reviews r
         JOIN products p ON p.id = r.product_id
        GROUP BY p.category`,
    );
  }

  /**
   * The search vocabulary: every term of every search name, with the number of names that
   * carry it (resolution's measure of how selective a term is), and apart the terms without
   * digits, for misspelt words. Rebuilt whole, the words' trigram index built once. Counted
   * into a temporary table first, so that PostgreSQL counts in parallel (see the priors).
   */
  private async recomputeVocabulary(client: pg.Client): Promise<void> {
    const indexes = await this.indexesOf(client, ['search_words']);
    await client.query('TRUNCATE search_terms, search_words');
    for (const ddl of indexes) await client.query(ddl.drop);
    await client.query(
      `CREATE TEMP TABLE new_vocabulary ON COMMIT DROP AS
       SELECT term, count(*) AS df FROM product_search_names, unnest(terms) AS term GROUP BY term`,
    );
    await client.query('INSERT INTO search_terms (term, df) SELECT term, df FROM new_vocabulary');
    await this.countSiblings(client);
    await client.query(
      `INSERT INTO search_words (word, df)
       SELECT term, df FROM new_vocabulary WHERE term !~ '[0-9]'`,
    );
    // The empty term, which no name carries, counts the search names: how common a term is
    // is read against it (title-reading.ts).
    await client.query(
      `INSERT INTO search_terms (term, df) SELECT '', count(*) FROM product_search_names`,
    );
    for (const ddl of indexes) await client.query(ddl.create);
    await client.query('ANALYZE search_terms, search_words');
  }

  /**
   * For each word, how many times it tells two products of one brand apart: their names hold
   * the same words but that one ("... Black" and "... Red"), or but for it ("Galaxy S24" and
   * "Galaxy S24 Ultra"). A name is keyed, once without each of its words, by the sum of its
   * other words' hashes (order aside, which sibling names keep), so that one pass and one
   * grouping find every such pair: names sharing a brand and a key, and words that differ.
   */
  private async countSiblings(client: pg.Client): Promise<void> {
    await client.query(
      `CREATE TEMP TABLE name_words ON COMMIT DROP AS
       SELECT n.product_id, hashtext(p.brand) AS brand, w.word, hashtext(w.word) AS h,
              sum(hashtext(w.word)) OVER (PARTITION BY n.product_id) AS total
         FROM product_search_names n
         JOIN products p ON p.id = n.product_id
        CROSS JOIN LATERAL unnest(string_to_array(n.name_norm, ' ')) AS w(word)
        WHERE NOT n.is_alias`,
    );
    await client.query(
      `CREATE TEMP TABLE new_siblings ON COMMIT DROP AS
       WITH slots AS (
              SELECT brand, word, total - h AS slot FROM name_words
               UNION ALL
              SELECT DISTINCT brand, '', total FROM name_words),
            pairs AS (
              SELECT brand, slot FROM slots GROUP BY brand, slot HAVING min(word) <> max(word))
       SELECT word AS term, count(*) AS siblings
         FROM slots JOIN pairs USING (brand, slot)
        WHERE word <> ''
        GROUP BY word`,
    );
    await client.query(
      `UPDATE search_terms t SET siblings = s.siblings FROM new_siblings s WHERE t.term = s.term`,
    );
  }

  /** Keys (primary, unique) and foreign keys of the tables, as drop and re-create DDL. */
  private async constraintsOf(client: pg.Client, tables: readonly string[]) {
    const { rows } = await client.query<Ddl & { foreign: boolean }>(
      `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
              format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname,
                     pg_get_constraintdef(oid)) AS create,
              contype = 'f' AS foreign
         FROM pg_constraint
        WHERE conrelid = ANY($1::regclass[]) AND contype IN ('p', 'u', 'f')
        ORDER BY conname`,
      [tables],
    );
    return { keys: rows.filter((r) => !r.foreign), foreign: rows.filter((r) => r.foreign) };
  }

  /** Indexes of the tables that no constraint owns, as drop and re-create DDL. */
  private async indexesOf(client: pg.Client, tables: readonly string[]): Promise<Ddl[]> {
    const { rows } = await client.query<Ddl>(
      `SELECT format('DROP INDEX %s', i.indexrelid::regclass) AS drop,
              pg_get_indexdef(i.indexrelid) AS create
         FROM pg_index i
        WHERE i.indrelid = ANY($1::regclass[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                           WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
        ORDER BY i.indexrelid::regclass::text`,
      [tables],
    );
    return rows;
  }

  /** Products in the catalog now. */
  async productCount(client?: pg.Client): Promise<number> {
    if (!client) return await this.prisma.product.count();
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    return rows[0]!.n;
  }

  /** When the latest publication was published (the rule: publication.sql.ts). */
  async latestPublication(): Promise<Date | undefined> {
    const [latest] = await this.prisma.$queryRawUnsafe<Publication[]>(LATEST_PUBLICATION);
    return latest?.publishedAt;
  }
}
