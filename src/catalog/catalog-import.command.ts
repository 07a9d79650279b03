import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CommandError, runCommand } from '../common/command-runner.js';
import { CatalogCommandModule } from './catalog-command.module.js';
import { CatalogImporter, CatalogValidationError } from './catalog-importer.service.js';
import { ImportProgress } from './import-progress.js';

// npm run catalog:import -- FILE [--replace [--force]] [--published-at ISO] [--dry-run]

const USAGE =
  'usage: catalog:import FILE [--replace [--force]] [--published-at ISO-8601] [--dry-run]';

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        replace: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        'published-at': { type: 'string' },
      },
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message} (${USAGE})`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new CommandError(USAGE);
  const publishedAtText = parsed.values['published-at'];
  let publishedAt: Date | undefined;
  if (publishedAtText !== undefined) {
    if (!z.iso.datetime({ offset: true }).safeParse(publishedAtText).success) {
      throw new CommandError(
        `--published-at must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z`,
      );
    }
    publishedAt = new Date(publishedAtText);
  }
  if (parsed.values.force && !parsed.values.replace)
    throw new CommandError(`--force goes with --replace (${USAGE})`);
  const { replace, force } = parsed.values;
  return { file, replace, force, dryRun: parsed.values['dry-run'], publishedAt };
}

await runCommand('catalog:import', CatalogCommandModule, async (app) => {
  const args = parse(process.argv.slice(2));
  const progress = new ImportProgress();
  const started = performance.now();
  try {
    const summary = await app.get(CatalogImporter).import(args.file, {
      replace: args.replace,
      force: args.force,
      dryRun: args.dryRun,
      ...(args.publishedAt && { publishedAt: args.publishedAt }),
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
    progress.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const n = (value: number) => value.toLocaleString('en-US');
    if (summary.dryRun) {
      const would = summary.replaced
        ? `replace the catalog of ${n(summary.before)} products`
        : summary.mode === 'bulk'
          ? 'import into an empty catalog'
          : `merge into the catalog of ${n(summary.before)} products`;
      process.stdout.write(
        `Valid: ${n(summary.products)} products, ${n(summary.reviews)} reviews and ` +
          `${n(summary.offers)} offers (${seconds} s). The import would ${would}. ` +
          'Nothing was imported (--dry-run).\n',
      );
      return;
    }
    process.stdout.write(
      `Imported ${n(summary.products)} products, ${n(summary.reviews)} reviews and ` +
        `${n(summary.offers)} offers in ${seconds} s (${summary.replaced ? 'replacing the catalog' : summary.mode === 'bulk' ? 'into an empty catalog' : 'merged'}); ` +
        `published at ${summary.publishedAt.toISOString()}\n`,
    );
  } catch (error) {
    progress.stop();
    if (error instanceof CatalogValidationError) {
      for (const p of error.problems) {
        process.stderr.write(`line ${p.line}: ${p.field ? `${p.field}: ` : ''}${p.message}\n`);
      }
      const hidden = error.badLines - new Set(error.problems.map((p) => p.line)).size;
      if (hidden > 0) process.stderr.write(`… and ${hidden} more bad lines\n`);
    }
    throw error;
  }
});
