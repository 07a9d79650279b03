import { counted } from '../common/command-output.js';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CatalogRepository, type LoadMode, type LoadPhase } from './catalog.repository.js';
import type { FeedOffersChange } from './catalog-feed-offers.repository.js';
import { CatalogStaging, StagingWriter } from './catalog-staging.js';
import {
  MAX_REPORTED_PROBLEMS,
  validateCatalogFile,
  type CatalogCounts,
  type LineProblem,
  type ValidationResult,
} from './catalog-validator.js';
import {
  readableCatalog,
  type CatalogSource,
  type ReadableCatalog,
} from './formats/catalog-source.js';
import { stageSideFile } from './formats/csv-side-files.js';

export type ImportPhase = 'validate' | 'load' | LoadPhase;

export interface ImportOptions {
  /** The file becomes the whole catalog; products absent from it are removed. */
  replace?: boolean;
  /**
   * The file's offers replace those offers feeds published for its products. By default an
   * import keeps a feed's offer unless the file states a newer price of that retailer.
   */
  replaceOffers?: boolean;
  /** With replace: allow an empty file, or one that removes more than half the catalog. */
  force?: boolean;
  /** Validate and compare only: the counts and what the import would do, nothing published. */
  dryRun?: boolean;
  /** The catalog's publication time (the `as_of` of answers). Default: now. */
  publishedAt?: Date;
  onProgress?: (phase: ImportPhase, done?: number, total?: number) => void;
}

/** What the import does to the published catalog's products, by id. */
export interface ImportChanges {
  added: number;
  changed: number;
  unchanged: number;
  /** Removed by --replace; a merge removes none. */
  removed: number;
}

export interface ImportSummary extends CatalogCounts {
  mode: LoadMode;
  replaced: boolean;
  publishedAt: Date;
  /** Products in the catalog before the import. */
  before: number;
  changes: ImportChanges;
  /** What the import does to the offers feeds published, by retailer (docs/decisions.md). */
  feedOffers: FeedOffersChange[];
  /** Aliases people confirmed whose product a --replace removed: kept, finding nothing. */
  aliasesLeft: { name: string; productId: string }[];
  /** Milliseconds of the transaction that published the new catalog (none for a dry run). */
  swapMs?: number;
  /** Set for a dry run: nothing was written. */
  dryRun?: boolean;
}

/** A --replace import that would destroy most of the catalog by accident; nothing changed. */
export class DestructiveImportError extends Error {}

/** A source (file or folder) without one product; nothing changed. */
export class EmptySourceError extends Error {}

/** A replace may not remove more than this share of the catalog without `force`. */
const MAX_SHRINK = 0.5;

/** Why removing `removed` of the catalog's `before` products needs `force`, if it does. */
function destructive(before: number, removed: number): string | undefined {
  if (before > 0 && removed > before * MAX_SHRINK)
    return (
      `the file leaves out ${removed} of the catalog's ${counted(before, 'product')}: ` +
      '--replace would remove more than half of it (--force to do so)'
    );
  return undefined;
}

const EMPTY_REPLACE =
  'the file holds no products: --replace would empty the catalog (--force to do so)';

/** The file had bad lines; nothing was imported. */
export class CatalogValidationError extends Error {
  constructor(
    readonly problems: LineProblem[],
    readonly badLines: number,
  ) {
    super(`${badLines} bad line${badLines === 1 ? '' : 's'}; nothing was imported`);
  }
}

@Injectable()
export class CatalogImporter implements OnApplicationShutdown {
  constructor(private readonly repository: CatalogRepository) {}

  /**
   * Validates the whole file, builds the new catalog beside the published one, and publishes
   * it in one short transaction: all or nothing, and lookups go on throughout.
   */
  async import(
    source: CatalogSource | string,
    options: ImportOptions = {},
  ): Promise<ImportSummary> {
    const { onProgress } = options;
    const publishedAt = options.publishedAt ?? new Date();
    const replace = options.replace ?? false;
    const guarded = replace && !options.force;
    const staging = await CatalogStaging.create();
    try {
      const given = typeof source === 'string' ? { file: source } : source;
      const result = await this.validate(given, staging, options);
      if (result.badLines > 0) throw new CatalogValidationError(result.problems, result.badLines);
      if (result.counts.products === 0) {
        // A merge of nothing is a wrong file or folder given, never an intent: it would record
        // a publication that changes nothing. Only --replace --force empties a catalog.
        if (!replace)
          throw new EmptySourceError(`${given.file} holds no product; nothing was imported`);
        if (guarded) throw new DestructiveImportError(EMPTY_REPLACE);
      }
      const total = await staging.totalBytes();
      const loaded = await this.repository.load(staging, {
        replace,
        replaceOffers: options.replaceOffers ?? false,
        dryRun: options.dryRun ?? false,
        publishedAt,
        counts: result.counts,
        beforeLoad: (before, { absent }) => {
          const why = guarded && destructive(before, absent);
          if (why) throw new DestructiveImportError(why);
        },
        onLoaded: (done) => onProgress?.('load', done, total),
        onPhase: (phase) => onProgress?.(phase),
      });
      const { added, changed, unchanged, absent } = loaded.changes;
      return {
        ...result.counts,
        mode: loaded.mode,
        replaced: replace,
        publishedAt,
        before: loaded.before,
        changes: { added, changed, unchanged, removed: replace ? absent : 0 },
        feedOffers: loaded.feedOffers,
        aliasesLeft: loaded.aliasesLeft,
        ...(loaded.swap && { swapMs: loaded.swap.ms }),
        ...(options.dryRun && { dryRun: true }),
      };
    } finally {
      await staging.remove();
    }
  }

  /**
   * Reads the source as JSON Lines (converting a JSON array or CSV), validates every line and
   * a CSV's review and offer files, and writes the COPY files while nothing has failed. Every
   * problem is located in the file the admin gave.
   */
  private async validate(
    source: CatalogSource,
    staging: CatalogStaging,
    { onProgress }: ImportOptions,
  ): Promise<ValidationResult> {
    const catalog = await readableCatalog(source, staging.dir);
    const result = await validateCatalogFile(catalog.file, staging, (done, total) =>
      onProgress?.('validate', done, total),
    );
    // A conversion's problems end what it could read: they come after the lines' own.
    const problems = [...result.problems.map((p) => located(p, catalog)), ...catalog.problems];
    let badLines = catalog.badLines + result.badLines;
    const counts = { ...result.counts };
    for (const kind of ['reviews', 'offers'] as const) {
      const file = source[kind];
      if (file === undefined) continue;
      const writer = new StagingWriter(staging.dir, staging.addChunk());
      const side = await stageSideFile(
        kind,
        file,
        catalog.ids!,
        badLines === 0 ? writer : undefined,
        MAX_REPORTED_PROBLEMS,
      );
      await writer.close();
      counts[kind] += side.counts[kind];
      badLines += side.badRows;
      problems.push(...side.problems);
    }
    return { counts, problems: problems.slice(0, MAX_REPORTED_PROBLEMS), badLines };
  }

  /**
   * A stopped process (SIGTERM, Ctrl-C) ends with its signal, without running an import's own
   * cleanup: its COPY folder goes now. Its database session ends with it, rolling back.
   */
  onApplicationShutdown(): void {
    CatalogStaging.removeAllSync();
  }

  async publishedAt(): Promise<Date | undefined> {
    return await this.repository.latestPublication();
  }
}

/** A problem of a converted file, where the admin finds it in the file they gave. */
function located(problem: LineProblem, catalog: ReadableCatalog): LineProblem {
  if (!catalog.locate) return problem;
  const { first } = problem;
  return {
    ...problem,
    at: catalog.locate(problem.line),
    ...(first !== undefined && {
      message: problem.message.replace(`line ${first}`, catalog.locate(first)),
    }),
  };
}
