import { Injectable, Logger } from '@nestjs/common';
import pg from 'pg';
import { alongside } from '../common/alongside.js';
import { errorName } from '../common/error-name.js';
import { AppConfig } from '../config/app-config.js';
import { DatabaseServer } from '../database/database-server.js';
import { PrismaService } from '../database/prisma.service.js';
import {
  CATALOG_PUBLISHED_CHANNEL,
  LATEST_PUBLICATION,
  type Publication,
} from '../publication/publication.sql.js';
import { synthesisKey } from '../synthesis/stored-assessment.js';
import {
  ANSWER_TABLES,
  CATALOG_TABLES,
  CatalogBuild,
  ident,
  KEYED_FIRST,
  PRIORS_AND_ANSWER_SOURCES,
  VOCABULARY_AND_NAMES,
  type CatalogChanges,
} from './catalog-build.repository.js';
import { storeAnswers } from './catalog-answers.js';
import { LOCK_NOT_AVAILABLE, SWAP_ATTEMPTS, underShortLocks } from './short-locks.js';
import type { CatalogStaging } from './catalog-staging.js';
import type { CatalogCounts } from './catalog-validator.js';

/** Any constant shared by all instances: one catalog import at a time. */
export const IMPORT_LOCK_KEY = 7_261_123_002;
/** Where a new catalog is built, and where the one it replaces waits to be dropped. */
export const NEXT_SCHEMA = 'catalog_next';
export const RETIRED_SCHEMA = 'catalog_retired';
/** The application_name of an import's connection, as pg_stat_activity shows it. */
export const IMPORT_APPLICATION_NAME = 'catalog:import';

export class ImportInProgressError extends Error {}

/** Two products of the catalog would carry one barcode; nothing was imported. */
export class DuplicateBarcodeError extends Error {}

export type LoadPhase =
  'compare' | 'merge' | 'priors' | 'indexes' | 'answers' | 'vacuum' | 'publish';

export interface LoadOptions {
  replace: boolean;
  /** Compare and report, publishing nothing (the file is loaded into temporary tables). */
  dryRun?: boolean;
  publishedAt: Date;
  counts: CatalogCounts;
  /**
   * Called with the products of the published catalog and how the file's compare with them,
   * by id, before the rest of the file is loaded; throwing stops the import with nothing changed.
   */
  beforeLoad?: (before: number, changes: CatalogChanges) => void;
  /** Bytes of staging files streamed so far. */
  onLoaded?: (bytes: number) => void;
  onPhase?: (phase: LoadPhase) => void;
}

export type LoadMode = 'bulk' | 'merge';

export interface LoadResult {
  mode: LoadMode;
  /** Products in the published catalog before the import. */
  before: number;
  changes: CatalogChanges;
  /** The swap that published the new catalog: its transaction, and the tries it took. */
  swap?: { ms: number; attempts: number };
}

/** A sequence a catalog table owns (the ids of reviews and offers). */
interface OwnedSequence {
  sequence: string;
  table: string;
  column: string;
}

/**
 * All SQL of catalog imports. A new catalog is built in its own schema beside the published
 * one, which lookups keep reading undisturbed, and is published by one short transaction that
 * moves the old tables out and the new ones in; the old ones are dropped afterwards.
 */
@Injectable()
export class CatalogRepository {
  private readonly logger = new Logger('CatalogImport');

  constructor(
    private readonly server: DatabaseServer,
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  async load(staging: CatalogStaging, options: LoadOptions): Promise<LoadResult> {
    const client = await this.session();
    // Ending the session releases the import's lock and drops a dry run's temporary tables.
    try {
      if (!options.dryRun) await this.lock(client);
      const live = await this.liveSchema(client);
      if (options.dryRun)
        return await this.build(new CatalogBuild(client, live, 'pg_temp'), staging, options);
      await this.dropSchemas(client, [NEXT_SCHEMA, RETIRED_SCHEMA]); // a killed import's
      await client.query(`CREATE SCHEMA ${ident(NEXT_SCHEMA)}`);
      await client.query(`CREATE SCHEMA ${ident(RETIRED_SCHEMA)}`);
      try {
        const build = new CatalogBuild(client, live, NEXT_SCHEMA);
        const result = await this.build(build, staging, options);
        options.onPhase?.('publish');
        result.swap = await this.swap(client, build, options);
        return result;
      } finally {
        await this.dropSchemas(client, [RETIRED_SCHEMA, NEXT_SCHEMA]).catch((error: unknown) =>
          this.logger.warn(
            `Could not drop the replaced catalog (${errorName(error)}); the next import will`,
          ),
        );
      }
    } finally {
      await client.end();
    }
  }

  /** Builds the new catalog beside the published one, up to publishing it. */
  private async build(
    build: CatalogBuild,
    staging: CatalogStaging,
    options: LoadOptions,
  ): Promise<LoadResult> {
    const before = await build.publishedProducts();
    const mode: LoadMode = options.replace || before === 0 ? 'bulk' : 'merge';
    let loaded = 0;
    const onBytes = (bytes: number) => options.onLoaded?.((loaded += bytes));
    await build.load(staging, ['products'], onBytes);
    options.beforeLoad?.(before, await build.changes(false));
    const shared = await build.sharedBarcode(mode === 'merge');
    if (shared)
      throw new DuplicateBarcodeError(
        `gtin ${shared.gtin} is on ${shared.ids.length} products (${shared.ids.join(', ')}): ` +
          'a barcode names one product',
      );
    await build.load(staging, ['product_search_names', 'reviews', 'offers'], onBytes);
    options.onPhase?.('compare');
    const changes = await build.changes(true);
    if (options.dryRun) return { mode, before, changes };
    if (mode === 'merge') {
      options.onPhase?.('merge');
      await build.carryOver();
    }
    options.onPhase?.('indexes');
    await build.buildIndexes(KEYED_FIRST);
    await alongside(
      (signal) => this.answers(build, staging, options, signal),
      () => this.vocabulary(build),
    );
    await build.buildIndexes(ANSWER_TABLES);
    options.onPhase?.('vacuum');
    await build.vacuum(ANSWER_TABLES);
    return { mode, before, changes };
  }

  /**
   * On the build's session, the priors, then every product's answer: its reviews and offers
   * keyed, the products read and their answers loaded on two more sessions, synthesized by a
   * worker thread per core (catalog-answers.ts).
   */
  private async answers(
    build: CatalogBuild,
    staging: CatalogStaging,
    options: LoadOptions,
    signal: AbortSignal,
  ): Promise<void> {
    options.onPhase?.('priors');
    await build.computePriors();
    await build.buildIndexes(PRIORS_AND_ANSWER_SOURCES);
    await build.vacuum(PRIORS_AND_ANSWER_SOURCES);
    options.onPhase?.('answers');
    const settings = {
      config: this.config.synthesis,
      publishedAt: options.publishedAt.toISOString(),
      keys: true,
    };
    await storeAnswers(build, settings, staging.dir, () => this.session(), signal);
  }

  /**
   * On a session of its own, beside the priors and the answers: the search vocabulary, its
   * tables' indexes and the products' statistics. It reads only the keyed products and the
   * search names, and takes a core the build's one statement at a time left idle (bench/
   * RESULTS.md, "The import with the answers beside the vocabulary").
   */
  private async vocabulary(build: CatalogBuild): Promise<void> {
    const session = await this.session();
    try {
      const beside = new CatalogBuild(session, build.live, build.schema);
      await beside.computeVocabulary();
      await beside.buildIndexes(VOCABULARY_AND_NAMES);
      await beside.vacuum([...KEYED_FIRST, ...VOCABULARY_AND_NAMES]);
    } finally {
      await session.end();
    }
  }

  /** A session of the import, named so in pg_stat_activity, with the import's settings. */
  private async session(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.server.url,
      application_name: IMPORT_APPLICATION_NAME,
    });
    await client.connect();
    try {
      await client.query("SET maintenance_work_mem = '512MB'");
      // The vocabulary's, the priors' and the name keys' aggregates (millions of groups at a
      // million products) and their joins: in memory, not spilled to disk in batches (4 MB by
      // default).
      await client.query("SET work_mem = '256MB'");
      // One core for each of the import's statements: parallel workers would take the others
      // from the lookups answered meanwhile (bench/RESULTS.md, publishing).
      await client.query('SET max_parallel_workers_per_gather = 0');
      await client.query('SET max_parallel_maintenance_workers = 0');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** One import at a time, for the whole of it: the lock ends with the import's session. */
  private async lock(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [IMPORT_LOCK_KEY],
    );
    if (!rows[0]?.locked) throw new ImportInProgressError('another catalog import is running');
  }

  /** The schema the published catalog is in (the one migrations created it in). */
  private async liveSchema(client: pg.Client): Promise<string> {
    const { rows } = await client.query<{ schema: string }>(
      `SELECT relnamespace::regnamespace::text AS schema FROM pg_class
        WHERE oid = 'products'::regclass`,
    );
    return rows[0]!.schema;
  }

  /**
   * Drops the schemas, their tables first locked in one statement as the swap locks them: a
   * lookup whose prepared plan still names a replaced table locks it (and the others of its
   * plan) before it plans again, in its own order, so a DROP taking the tables one by one
   * could deadlock with it and hold it for PostgreSQL's deadlock timeout (a second). Locking
   * gives way after the swap's lock timeout and tries again instead.
   */
  private async dropSchemas(client: pg.Client, schemas: string[]): Promise<void> {
    await underShortLocks(client, async () => {
      const { rows } = await client.query<{ table: string }>(
        `SELECT format('%I.%I', schemaname, tablename) AS table FROM pg_tables
          WHERE schemaname = ANY($1::text[])`,
        [schemas],
      );
      if (rows.length > 0)
        await client.query(
          `LOCK TABLE ${rows.map((r) => r.table).join(', ')} IN ACCESS EXCLUSIVE MODE`,
        );
      await client.query(`DROP SCHEMA IF EXISTS ${schemas.map(ident).join(', ')} CASCADE`);
    });
  }

  /**
   * Publishes the new catalog in one short transaction: the published tables move out (to be
   * dropped), the new ones in, under the names and in the schema lookups read, and the
   * publication is recorded. Lookups in flight finish first; if one holds a table longer than
   * the lock timeout, the swap gives way to the lookups queued behind it and tries again.
   */
  private async swap(
    client: pg.Client,
    build: CatalogBuild,
    options: LoadOptions,
  ): Promise<{ ms: number; attempts: number }> {
    const sequences = await this.ownedSequences(client, build);
    const published = CATALOG_TABLES.map((t) => build.published(t)).join(', ');
    const { ms, attempts } = await underShortLocks(client, async () => {
      await client.query(`LOCK TABLE ${published} IN ACCESS EXCLUSIVE MODE`);
      // The ids of reviews and offers go on from the same sequences: an old purchase link
      // never names a new offer. Owned by no table while the tables move.
      for (const s of sequences) await client.query(`ALTER SEQUENCE ${s.sequence} OWNED BY NONE`);
      for (const table of CATALOG_TABLES)
        await client.query(
          `ALTER TABLE ${build.published(table)} SET SCHEMA ${ident(RETIRED_SCHEMA)}`,
        );
      for (const table of CATALOG_TABLES)
        await client.query(`ALTER TABLE ${build.next(table)} SET SCHEMA ${ident(build.live)}`);
      for (const s of sequences)
        await client.query(
          `ALTER SEQUENCE ${s.sequence} OWNED BY ${build.published(s.table)}.${ident(s.column)}`,
        );
      await client.query(
        `INSERT INTO catalog_publications
           (published_at, replaced, product_count, review_count, offer_count, synthesis_key)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          options.publishedAt,
          options.replace,
          options.counts.products,
          options.counts.reviews,
          options.counts.offers,
          synthesisKey(this.config.synthesis),
        ],
      );
      // Every instance listening drops its cached answers once this commits.
      await client.query(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
    }).catch((error: unknown) => {
      throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE
        ? new Error(
            `the published catalog stayed busy through ${SWAP_ATTEMPTS} tries to publish; ` +
              'nothing was published (a long query holds it: run the import again)',
            { cause: error },
          )
        : error;
    });
    return { ms: Math.round(ms * 10) / 10, attempts };
  }

  private async ownedSequences(client: pg.Client, build: CatalogBuild): Promise<OwnedSequence[]> {
    const { rows } = await client.query<OwnedSequence>(
      `SELECT s.oid::regclass::text AS sequence, t.relname AS table, a.attname AS column
         FROM pg_depend d
         JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
         JOIN pg_class t ON t.oid = d.refobjid
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
          AND d.deptype = 'a' AND d.refobjid = ANY($1::regclass[])
        ORDER BY 1`,
      [CATALOG_TABLES.map((t) => build.published(t))],
    );
    return rows;
  }

  /** Products in the catalog now. */
  async productCount(): Promise<number> {
    return await this.prisma.product.count();
  }

  /** When the latest publication was published (the rule: publication.sql.ts). */
  async latestPublication(): Promise<Date | undefined> {
    const [latest] = await this.prisma.$queryRawUnsafe<Publication[]>(LATEST_PUBLICATION);
    return latest?.publishedAt;
  }
}
