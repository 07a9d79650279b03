import { z } from 'zod';
import { counted } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import { OffersCommandModule } from './offers-command.module.js';
import { OffersFeedService, refused, type OffersFeedReport } from './offers-feed.service.js';

// catalog:offers FEED [--retailer NAME] [--price-as-of ISO] [--allow-invalid] [--dry-run]
// [--json] (src/cli.ts)

export interface OffersOptions {
  retailer?: string;
  priceAsOf?: string;
  allowInvalid?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** How far ahead of this machine's clock a --price-as-of may be (another machine's clock). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Lines of a list shown before "… and N more" (--json has them all). */
const SHOWN = 50;

export async function applyOffersFeed(file: string, options: OffersOptions): Promise<void> {
  if (
    options.priceAsOf !== undefined &&
    !z.iso.datetime({ offset: true }).safeParse(options.priceAsOf).success
  )
    throw new CommandError(
      '--price-as-of must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z',
    );
  // An import keeps a feed's offer unless its own price is newer (docs/decisions.md, Who owns
  // an offer): a date to come would pin the feed's prices against every import until then.
  if (options.priceAsOf !== undefined && Date.parse(options.priceAsOf) > Date.now() + CLOCK_SKEW_MS)
    throw new CommandError('--price-as-of is in the future: give when the prices were read');
  await runCommand('catalog:offers', OffersCommandModule, async (app) => {
    const report = await app.get(OffersFeedService).apply(file, {
      ...(options.retailer !== undefined && { retailer: options.retailer }),
      ...(options.priceAsOf !== undefined && { priceAsOf: new Date(options.priceAsOf) }),
      dryRun: options.dryRun ?? false,
      allowInvalid: options.allowInvalid ?? false,
    });
    const text = options.json ? JSON.stringify(report) + '\n' : reportText(report, options);
    // A report of a large feed is megabytes: written out before the command exits, not cut
    // off by it when stdout is a pipe.
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(text, (error) => (error ? reject(error) : resolve())),
    );
    // A script (cron) reads the exit code: a feed with invalid items is a failure it sees.
    if (refused(report, options)) throw new CommandError(refusal(report, options.dryRun ?? false));
  });
}

/** Why nothing was (or would be) published: the feed had invalid items. */
function refusal(report: OffersFeedReport, dryRun: boolean): string {
  return (
    `${n(report.invalid.length)} of ${counted(report.items, 'item')} ` +
    `${report.invalid.length === 1 ? 'is' : 'are'} invalid: ` +
    `${dryRun ? 'the feed would publish nothing' : 'nothing was published'} ` +
    "(--allow-invalid publishes the valid items' offers)"
  );
}

const n = (value: number) => value.toLocaleString('en-US');
const at = (p: { file?: string; line: number }) => `${p.file ? `${p.file} ` : ''}line ${p.line}`;

function list<T>(title: string, rows: T[], line: (row: T) => string): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, SHOWN).map((row) => `  ${line(row)}`);
  if (rows.length > SHOWN)
    shown.push(`  … and ${n(rows.length - SHOWN)} more (--json lists them all)`);
  return [`${title} (${n(rows.length)}):`, ...shown];
}

export function reportText(
  report: OffersFeedReport,
  options: Pick<OffersOptions, 'dryRun' | 'allowInvalid'>,
): string {
  const dryRun = options.dryRun ?? false;
  const { gtin, mpn, title } = report.matched;
  const retailer = JSON.stringify(report.retailer);
  const unavailable = report.outOfStock.length;
  const lines = [
    `Feed ${report.feed} (${report.kind}), retailer ${retailer}: ${counted(report.items, 'item')}; ` +
      `matched ${n(gtin + mpn + title)} (by GTIN ${n(gtin)}, by MPN and brand ${n(mpn)}, by title ${n(title)}), ` +
      `unmatched ${n(report.unmatched.length)}, invalid ${n(report.invalid.length)}` +
      (unavailable > 0 ? `, out of stock ${n(unavailable)}.` : '.'),
    ...list(
      'Unmatched',
      report.unmatched,
      (u) =>
        // A feed's text, escaped: a title could carry a terminal's control sequences.
        `${at(u)}: ${JSON.stringify(u.title)}: ${u.why}` +
        (u.suggestion
          ? ` (best suggestion: ${u.suggestion.productId}, ${u.suggestion.score.toFixed(2)})`
          : ''),
    ),
    ...list(
      'Invalid',
      report.invalid,
      (item) =>
        `${at(item)}: ` +
        item.problems.map((p) => `${p.field ? `${p.field}: ` : ''}${p.message}`).join('; '),
    ),
  ];
  const offers =
    `${counted(report.offers, 'offer')} of ${retailer} for ` + counted(report.products, 'product');
  if (refused(report, options)) lines.push(`${refusal(report, dryRun)}.`);
  else if (dryRun) lines.push(`The feed would publish ${offers}. Nothing was changed (--dry-run).`);
  else if (report.published)
    lines.push(
      `Published ${offers} at ${report.published.publishedAt.toISOString()} ` +
        `(${counted(report.published.replaced, 'earlier offer')} of theirs replaced; ` +
        `${report.published.ms} ms).`,
    );
  else lines.push('No item matched: nothing was published.');
  return lines.join('\n') + '\n';
}
