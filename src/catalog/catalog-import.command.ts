import os from 'node:os';
import { z } from 'zod';
import { counted } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import type { FeedOffersChange } from './catalog-feed-offers.repository.js';
import { CatalogCommandModule } from './catalog-command.module.js';
import { CatalogImporter, CatalogValidationError } from './catalog-importer.service.js';
import { ImportProgress } from './import-progress.js';

// catalog:import FILE [--replace [--force]] [--replace-offers] [--published-at ISO] [--dry-run]
// [--json] (src/cli.ts)

/** The import's scheduling priority: lower than the service's (0). */
const IMPORT_NICENESS = 10;

export interface ImportOptions {
  format?: string;
  reviews?: string;
  offers?: string;
  replace?: boolean;
  replaceOffers?: boolean;
  force?: boolean;
  publishedAt?: string;
  dryRun?: boolean;
  json?: boolean;
}

function publicationDate(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  if (!z.iso.datetime({ offset: true }).safeParse(text).success) {
    throw new CommandError(
      `--published-at must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z`,
    );
  }
  return new Date(text);
}

export async function importCatalog(file: string, options: ImportOptions): Promise<void> {
  const publishedAt = publicationDate(options.publishedAt);
  if (options.force && !options.replace) throw new CommandError('--force goes with --replace');
  // A batch job beside a service answering lookups: the scheduler serves the service first.
  // Set before the validation workers start, which inherit it.
  try {
    os.setPriority(IMPORT_NICENESS);
  } catch {
    // Not permitted here: the import runs at the usual priority.
  }
  await runCommand('catalog:import', CatalogCommandModule, async (app) => {
    const progress = new ImportProgress();
    const started = performance.now();
    try {
      const source = {
        file,
        ...(options.format !== undefined && { format: options.format }),
        ...(options.reviews !== undefined && { reviews: options.reviews }),
        ...(options.offers !== undefined && { offers: options.offers }),
      };
      const summary = await app.get(CatalogImporter).import(source, {
        replace: options.replace ?? false,
        replaceOffers: options.replaceOffers ?? false,
        force: options.force ?? false,
        dryRun: options.dryRun ?? false,
        ...(publishedAt && { publishedAt }),
        onProgress: (phase, done, total) => progress.update(phase, done, total),
      });
      progress.stop();
      const seconds = (performance.now() - started) / 1000;
      if (options.json) {
        process.stdout.write(
          JSON.stringify({ ...summary, seconds: Number(seconds.toFixed(1)) }) + '\n',
        );
        return;
      }
      process.stdout.write(summaryText(summary, seconds.toFixed(1)));
    } catch (error) {
      progress.stop();
      if (error instanceof CatalogValidationError) reportProblems(error);
      throw error;
    }
  });
}

type ImportSummary = Awaited<ReturnType<CatalogImporter['import']>>;

/** "1 product, 12 reviews and 3 offers" */
const contents = (summary: ImportSummary) =>
  `${counted(summary.products, 'product')}, ${counted(summary.reviews, 'review')} and ` +
  counted(summary.offers, 'offer');

function summaryText(summary: ImportSummary, seconds: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const { added, changed, unchanged, removed } = summary.changes;
  const changes =
    `${n(added)} added, ${n(changed)} changed, ${n(unchanged)} unchanged` +
    (summary.replaced ? `, ${n(removed)} removed` : '');
  if (summary.dryRun) {
    const would = summary.replaced
      ? `replace the catalog of ${counted(summary.before, 'product')}`
      : summary.mode === 'bulk'
        ? 'import into an empty catalog'
        : `merge into the catalog of ${counted(summary.before, 'product')}`;
    return (
      `Valid: ${contents(summary)} (${seconds} s). The import would ${would}: ${changes}. ` +
      'Nothing was imported (--dry-run).\n' +
      feedOffersText(summary.feedOffers, true) +
      aliasesLeftText(summary.aliasesLeft, true)
    );
  }
  const how = summary.replaced
    ? 'replacing the catalog'
    : summary.mode === 'bulk'
      ? 'into an empty catalog'
      : 'merged';
  return (
    `Imported ${contents(summary)} in ${seconds} s (${how}: ${changes}); ` +
    `published at ${summary.publishedAt.toISOString()}\n` +
    feedOffersText(summary.feedOffers, false) +
    aliasesLeftText(summary.aliasesLeft, false)
  );
}

/**
 * What the import does to the offers feeds published, by retailer: one line for each of kept,
 * replaced and removed, when there are any (docs/decisions.md, Who owns an offer).
 */
function feedOffersText(changes: FeedOffersChange[], dryRun: boolean): string {
  const line = (
    fate: 'kept' | 'replaced' | 'removed',
    [did, would]: [string, string],
    why: string,
  ) => {
    const rows = changes.filter((c) => c[fate] > 0);
    if (rows.length === 0) return '';
    const total = rows.reduce((sum, c) => sum + c[fate], 0);
    const retailers = rows.map(
      (c) => `${JSON.stringify(c.retailer)} ${c[fate].toLocaleString('en-US')}`,
    );
    return (
      `${dryRun ? would : did} ${counted(total, 'offer')} that offers feeds published ` +
      `(${retailers.join(', ')}): ${why}.\n`
    );
  };
  const older = changes.reduce((sum, c) => sum + c.older, 0);
  return (
    line(
      'kept',
      ['Kept', 'Would keep'],
      'the file has no price of theirs for those products, or an older one' +
        (older > 0 ? ` (${counted(older, 'offer')} of the file left out)` : '') +
        '; --replace-offers replaces them',
    ) +
    line(
      'replaced',
      ['Replaced', 'Would replace'],
      "with the file's offers (newer prices, or --replace-offers)",
    ) +
    line('removed', ['Removed', 'Would remove'], 'with their products (--replace)')
  );
}

/** The aliases whose product the import removes, which stay and find nothing until it returns. */
function aliasesLeftText(aliases: ImportSummary['aliasesLeft'], dryRun: boolean): string {
  if (aliases.length === 0) return '';
  const shown = aliases.slice(0, 10).map((a) => `${JSON.stringify(a.name)} (${a.productId})`);
  const more = aliases.length > shown.length ? `, and ${aliases.length - shown.length} more` : '';
  return (
    `${dryRun ? 'Would keep' : 'Kept'} ${counted(aliases.length, 'alias', 'aliases')} of ` +
    'products this import removes, finding nothing until their product returns (alias list): ' +
    `${shown.join(', ')}${more}.\n`
  );
}

function reportProblems(error: CatalogValidationError): void {
  for (const p of error.problems) {
    process.stderr.write(
      `${p.at ?? `line ${p.line}`}: ${p.field ? `${p.field}: ` : ''}${p.message}\n`,
    );
  }
  const hidden = error.badLines - new Set(error.problems.map((p) => p.line)).size;
  if (hidden > 0) process.stderr.write(`… and ${hidden} more bad lines\n`);
}
