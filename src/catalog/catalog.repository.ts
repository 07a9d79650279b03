import { Injectable, Logger } from '@nestjs/common';
import { alongside } from '../common/alongside.js';
import { errorName } from '../common/error-name.js';
import { AppConfig } from '../config/app-config.js';
import { DatabaseServer } from '../database/database-server.js';
import { PrismaService } from '../database/prisma.service.js';
import { LATEST_PUBLICATION, type Publication } from '../publication/publication.sql.js';
import { synthesisKey } from '../synthesis/stored-assessment.js';
import { CatalogBuild, ident, type CatalogChanges } from './catalog-build.repository.js';
import { dropSchemas, NEXT_SCHEMA, RETIRED_SCHEMA, swap } from './catalog-swap.repository.js';
import {
  ANSWER_TABLES,
  KEYED_FIRST,
  PRIORS_AND_ANSWER_SOURCES,
  VOCABULARY_AND_NAMES,
  publishedSchema,
} from './catalog-tables.js';
import { storeAnswers } from './catalog-answers.js';
import { keepFeedOffers, type FeedOffersChange } from './catalog-feed-offers.repository.js';
import { storeNameKeys } from './catalog-name-keys.js';
import { lockCatalog, openImportSession } from './import-session.js';
import type { CatalogStaging } from './catalog-staging.js';
import type { CatalogCounts } from './catalog-validator.js';

/** Two products of the catalog would carry one barcode; nothing was imported. */
export class DuplicateBarcodeError extends Error {}

export type LoadPhase =
  'compare' | 'merge' | 'priors' | 'indexes' | 'answers' | 'vacuum' | 'publish';

export interface LoadOptions {
  replace: boolean;
  /** The file's offers replace the ones feeds published for its products (catalog-feed-offers). */
  replaceOffers?: boolean;
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
  /** What the import does to the offers feeds published, by retailer. */
  feedOffers: FeedOffersChange[];
  /** Aliases whose product the new catalog lacks (a --replace's): kept, listed, finding nothing. */
  aliasesLeft: { name: string; productId: string }[];
  /** The swap that published the new catalog: its transaction, and the tries it took. */
  swap?: { ms: number; attempts: number };
}

/**
 * A catalog import's steps, in order. A new catalog is built in its own schema beside the
 * published one, which lookups keep reading undisturbed (catalog-build.repository.ts), and is
 * published by one short transaction that moves the old tables out and the new ones in; the
 * old ones are dropped afterwards (catalog-swap.repository.ts).
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
    const client = await openImportSession(this.server.url);
    // Ending the session releases the import's lock and drops a dry run's temporary tables.
    try {
      // One import at a time, for the whole of it: the lock ends with the import's session.
      if (!options.dryRun) await lockCatalog(client, 'another catalog import is running');
      const live = await publishedSchema(client);
      if (options.dryRun)
        return await this.build(new CatalogBuild(client, live, 'pg_temp'), staging, options);
      await dropSchemas(client, [NEXT_SCHEMA, RETIRED_SCHEMA]); // a killed import's
      await client.query(`CREATE SCHEMA ${ident(NEXT_SCHEMA)}`);
      await client.query(`CREATE SCHEMA ${ident(RETIRED_SCHEMA)}`);
      try {
        const build = new CatalogBuild(client, live, NEXT_SCHEMA);
        const result = await this.build(build, staging, options);
        options.onPhase?.('publish');
        result.swap = await swap(client, build, {
          ...options,
          counts: await this.publishedCounts(build, result, options.counts),
          synthesisKey: synthesisKey(this.config.synthesis),
        });
        return result;
      } finally {
        await dropSchemas(client, [RETIRED_SCHEMA, NEXT_SCHEMA]).catch((error: unknown) =>
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
    await this.loadStaged(build, staging, options, () =>
      this.checkLoaded(build, before, mode, options),
    );
    const feedOffers = await keepFeedOffers(build, {
      replace: options.replace,
      replaceOffers: options.replaceOffers ?? false,
    });
    options.onPhase?.('compare');
    const changes = await build.changes(true);
    const aliasesLeft = options.replace ? await build.aliasesLeft() : [];
    if (options.dryRun) return { mode, before, changes, feedOffers, aliasesLeft };
    if (mode === 'merge') {
      options.onPhase?.('merge');
      await build.carryOver();
    }
    options.onPhase?.('indexes');
    await build.buildIndexes(KEYED_FIRST);
    await alongside(
      (signal) => this.answers(build, options, signal),
      () => this.vocabulary(build),
      () => this.nameKeys(build, staging),
    );
    options.onPhase?.('vacuum');
    await build.vacuum(ANSWER_TABLES);
    return { mode, before, changes, feedOffers, aliasesLeft };
  }

  /**
   * What the new catalog holds, for its publication: a bulk load's are the file's, with the
   * feeds' offers it keeps; a merge's also hold the products it carried over, counted.
   */
  private async publishedCounts(
    build: CatalogBuild,
    { mode, feedOffers }: LoadResult,
    file: CatalogCounts,
  ): Promise<CatalogCounts> {
    if (mode === 'merge') return await build.counts();
    const kept = feedOffers.reduce((sum, r) => sum + r.kept - r.older, 0);
    return { ...file, offers: file.offers + kept };
  }

  /**
   * Loads the staged files: the products first, which `check` reads before the rest is
   * loaded. A COPY keeps one core busy, so the reviews (half the bytes) load meanwhile on a
   * session of their own, in the transaction that creates their table as the others are; a
   * dry run's temporary tables are its session's, and load on it one after the other.
   */
  private async loadStaged(
    build: CatalogBuild,
    staging: CatalogStaging,
    options: LoadOptions,
    check: () => Promise<void>,
  ): Promise<void> {
    let loaded = 0;
    const onBytes = (bytes: number) => options.onLoaded?.((loaded += bytes));
    if (options.dryRun) {
      await build.load(staging, ['products'], onBytes);
      await check();
      await build.load(staging, ['product_search_names', 'reviews', 'offers'], onBytes);
      return;
    }
    const session = await openImportSession(this.server.url);
    const reviews = build.on(session).load(staging, ['reviews'], onBytes);
    reviews.catch(() => undefined); // awaited below, once the products are loaded
    try {
      await build.load(staging, ['products'], onBytes);
      await check();
      await build.load(staging, ['product_search_names', 'offers'], onBytes);
      await reviews;
    } finally {
      // Failing, ending the session rolls its COPY back before the schema is dropped.
      await session.end().catch(() => undefined);
      await reviews.catch(() => undefined);
    }
  }

  /** What the loaded products allow: the caller's check of the changes, one product a barcode. */
  private async checkLoaded(
    build: CatalogBuild,
    before: number,
    mode: LoadMode,
    options: LoadOptions,
  ): Promise<void> {
    options.beforeLoad?.(before, await build.changes(false));
    const shared = await build.sharedBarcode(mode === 'merge');
    if (shared)
      throw new DuplicateBarcodeError(
        `gtin ${shared.gtin} is on ${shared.ids.length} products (${shared.ids.join(', ')}): ` +
          'a barcode names one product',
      );
  }

  /**
   * On the build's session, the priors, then every product's answer: its reviews and offers
   * keyed, the products read and their answers loaded and keyed on two more sessions,
   * synthesized by a worker thread per core (catalog-answers.ts).
   */
  private async answers(
    build: CatalogBuild,
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
    };
    await storeAnswers(build, settings, () => openImportSession(this.server.url), signal);
  }

  /**
   * On a session of its own, beside the priors and the answers: the search vocabulary, its
   * tables' indexes and the products' statistics. It reads only the keyed products and the
   * search names, and takes a core the build's one statement at a time left idle (the log of
   * bench/RESULTS.md at 76c73fc, "The import with the answers beside the vocabulary").
   */
  private async vocabulary(build: CatalogBuild): Promise<void> {
    const session = await openImportSession(this.server.url);
    try {
      const beside = build.on(session);
      await beside.computeVocabulary();
      await beside.buildIndexes(VOCABULARY_AND_NAMES);
      await beside.vacuum([...KEYED_FIRST, ...VOCABULARY_AND_NAMES]);
    } finally {
      await session.end();
    }
  }

  /**
   * On a session of its own, beside the vocabulary, the priors and the answers: the exact name
   * keys (catalog-name-keys.ts, through a file of `staging`'s). They need only the keyed
   * products, and done here they leave the answers, whose workers take whatever core is free,
   * the last work of the build (the log of bench/RESULTS.md at 76c73fc, "The name keys beside
   * the answers").
   */
  private async nameKeys(build: CatalogBuild, staging: CatalogStaging): Promise<void> {
    const session = await openImportSession(this.server.url);
    try {
      await storeNameKeys(build.on(session), staging.dir);
    } finally {
      await session.end();
    }
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
