import { Injectable } from '@nestjs/common';
import { CatalogRepository, type LoadMode } from './catalog.repository.js';
import { CatalogStaging } from './catalog-staging.js';
import { validateCatalogFile, type CatalogCounts, type LineProblem } from './catalog-validator.js';

export type ImportPhase =
  'validate' | 'load' | 'indexes' | 'merge' | 'analyze' | 'priors' | 'vocabulary' | 'vacuum';

export interface ImportOptions {
  /** The file becomes the whole catalog; products absent from it are removed. */
  replace?: boolean;
  /** With replace: allow an empty file, or one that removes more than half the catalog. */
  force?: boolean;
  /** Validate only: the counts and what the import would do, with nothing written. */
  dryRun?: boolean;
  /** The catalog's publication time (the `as_of` of answers). Default: now. */
  publishedAt?: Date;
  onProgress?: (phase: ImportPhase, done?: number, total?: number) => void;
}

export interface ImportSummary extends CatalogCounts {
  mode: LoadMode;
  replaced: boolean;
  publishedAt: Date;
  /** Products in the catalog before the import. */
  before: number;
  /** Set for a dry run: nothing was written. */
  dryRun?: boolean;
}

/** A --replace import that would destroy most of the catalog by accident; nothing changed. */
export class DestructiveImportError extends Error {}

/** A replace may not remove more than this share of the catalog without `force`. */
const MAX_SHRINK = 0.5;

/** Why replacing `before` products by `after` needs `force`, if it does. */
function destructive(before: number, after: number): string | undefined {
  if (after === 0)
    return 'the file holds no products: --replace would empty the catalog (--force to do so)';
  if (before > 0 && after < before * (1 - MAX_SHRINK))
    return (
      `the file holds ${after} product${after === 1 ? '' : 's'} and the catalog ${before}: ` +
      '--replace would remove more than half of it (--force to do so)'
    );
  return undefined;
}

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
export class CatalogImporter {
  constructor(private readonly repository: CatalogRepository) {}

  /** Validates the whole file, then loads it in one transaction: all or nothing. */
  async import(file: string, options: ImportOptions = {}): Promise<ImportSummary> {
    const { onProgress } = options;
    const publishedAt = options.publishedAt ?? new Date();
    const replace = options.replace ?? false;
    const staging = await CatalogStaging.create();
    try {
      const result = await validateCatalogFile(file, staging, (done, total) =>
        onProgress?.('validate', done, total),
      );
      if (result.badLines > 0) throw new CatalogValidationError(result.problems, result.badLines);
      const refuse = (before: number) => {
        const why = replace && !options.force && destructive(before, result.counts.products);
        if (why) throw new DestructiveImportError(why);
      };
      if (options.dryRun) {
        const before = await this.repository.productCount();
        refuse(before);
        const mode: LoadMode = replace || before === 0 ? 'bulk' : 'merge';
        return { ...result.counts, mode, replaced: replace, publishedAt, before, dryRun: true };
      }
      const total = await staging.totalBytes();
      let before = 0;
      const mode = await this.repository.load(staging, {
        replace,
        publishedAt,
        counts: result.counts,
        beforeLoad: (current) => refuse((before = current)),
        onLoaded: (done) => onProgress?.('load', done, total),
        onPhase: (phase) => onProgress?.(phase),
      });
      return { ...result.counts, mode, replaced: replace, publishedAt, before };
    } finally {
      await staging.remove();
    }
  }

  async publishedAt(): Promise<Date | undefined> {
    return await this.repository.latestPublication();
  }
}
