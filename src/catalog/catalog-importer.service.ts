import { Injectable } from '@nestjs/common';
import { CatalogRepository, type LoadMode } from './catalog.repository.js';
import { CatalogStaging } from './catalog-staging.js';
import { validateCatalogFile, type CatalogCounts, type LineProblem } from './catalog-validator.js';

export type ImportPhase =
  'validate' | 'load' | 'indexes' | 'merge' | 'analyze' | 'priors' | 'vocabulary';

export interface ImportOptions {
  /** The file becomes the whole catalog; products absent from it are removed. */
  replace?: boolean;
  /** The catalog's publication time (the `as_of` of answers). Default: now. */
  publishedAt?: Date;
  onProgress?: (phase: ImportPhase, done?: number, total?: number) => void;
}

export interface ImportSummary extends CatalogCounts {
  mode: LoadMode;
  replaced: boolean;
  publishedAt: Date;
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
      const total = await staging.totalBytes();
      const mode = await this.repository.load(staging, {
        replace,
        publishedAt,
        counts: result.counts,
        onLoaded: (done) => onProgress?.('load', done, total),
        onPhase: (phase) => onProgress?.(phase),
      });
      return { ...result.counts, mode, replaced: replace, publishedAt };
    } finally {
      await staging.remove();
    }
  }

  async publishedAt(): Promise<Date | undefined> {
    return await this.repository.latestPublication();
  }
}
