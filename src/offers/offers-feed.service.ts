import { Injectable } from '@nestjs/common';
import {
  CatalogOffersRepository,
  type CodedProduct,
  type FeedOffer,
  type OffersPublished,
} from '../catalog/catalog-offers.repository.js';
import { readFeed, type FeedKind } from '../feeds/feed-reader.js';
import { outOfStock, type FeedItem, type FeedProblem } from '../feeds/feed-item.js';
import { AskedNames } from '../curation/asked-names.js';
import type { Suggestion } from '../curation/asked-names.repository.js';
import { AnswerRepository } from '../lookup/answer.repository.js';
import { NameResolver } from '../lookup/name-resolver.service.js';
import { nameKey, normaliseName } from '../names/name-normaliser.js';

export type MatchedBy = 'gtin' | 'mpn' | 'title';

export interface Unmatched {
  line: number;
  file?: string;
  title: string;
  why: string;
  suggestion?: { productId: string; name: string; score: number };
}

/** An item the feed got wrong, and everything wrong with it. */
export interface InvalidItem {
  line: number;
  file?: string;
  problems: { field?: string; message: string }[];
}

export interface OffersFeedReport {
  feed: string;
  kind: FeedKind;
  retailer: string;
  items: number;
  matched: { gtin: number; mpn: number; title: number };
  unmatched: Unmatched[];
  /** The invalid items, each with all its problems. */
  invalid: InvalidItem[];
  /** Items the feed says are out of stock (and otherwise valid): no offer, and no error. */
  outOfStock: FeedProblem[];
  /** Offers of matched items, one per product and link. */
  offers: number;
  products: number;
  /** Absent for a dry run, and when invalid items kept the feed from being published. */
  published?: OffersPublished;
  /** Seconds of each step: reading the feed, then matching by barcode, part number, title. */
  seconds: { read: number; gtin: number; mpn: number; title: number; publish?: number };
}

export interface OffersFeedOptions {
  retailer?: string;
  dryRun?: boolean;
  /** Publish the valid items' offers even when others are invalid (by default, nothing is). */
  allowInvalid?: boolean;
  /** When the prices were read: default now. */
  priceAsOf?: Date;
}

/** A feed's items, or why not one of them can be published. */
export class OffersFeedError extends Error {}

/** Titles are resolved in groups of this many, two groups at a time. */
const TITLE_GROUP = 32;

/** Whether two brands are one, as the catalog writes and a feed writes them. */
const sameBrand = (a: string, b: string) => normaliseName(a) === normaliseName(b);

/** A product whose barcodes the item's barcode is not among is another variant of it. */
const conflicts = (item: FeedItem, product: CodedProduct) =>
  item.gtin !== undefined && product.gtins.length > 0 && !product.gtins.includes(item.gtin);

/**
 * A shop's offers feed matched to catalog products, item by item: by barcode, then by part
 * number with the brand, then by its title through the resolver, whose rules never present a
 * wrong product (a title that does not resolve is not matched). Matched offers replace the
 * retailer's offers of those products, published at once; everything else is reported.
 */
@Injectable()
export class OffersFeedService {
  constructor(
    private readonly offers: CatalogOffersRepository,
    private readonly resolver: NameResolver,
    private readonly answers: AnswerRepository,
    private readonly asked: AskedNames,
  ) {}

  async apply(file: string, options: OffersFeedOptions = {}): Promise<OffersFeedReport> {
    const clock = stopwatch();
    const feed = await readFeed(file);
    const items: FeedItem[] = [];
    const invalid: InvalidItem[] = [];
    const unavailable: FeedProblem[] = [];
    for await (const item of feed.items) {
      if (!Array.isArray(item)) items.push(item);
      else if (item.every(outOfStock)) unavailable.push(...item);
      else invalid.push(invalidItem(item));
    }
    const sellers = new Set(items.map((i) => i.seller).filter((s) => s !== undefined));
    const retailer =
      options.retailer?.trim() || feed.shop() || (sellers.size === 1 ? [...sellers][0] : undefined);
    if (!retailer)
      throw new OffersFeedError('the feed does not name its shop: give --retailer NAME');
    if (retailer.length > 120) throw new OffersFeedError('--retailer: at most 120 characters');

    const seconds: OffersFeedReport['seconds'] = { read: clock(), gtin: 0, mpn: 0, title: 0 };
    const matched = new Map<FeedItem, { productId: string; by: MatchedBy }>();
    const unmatched: Unmatched[] = [];
    await this.matchBarcodes(items, matched);
    seconds.gtin = clock();
    await this.matchPartNumbers(items, matched, unmatched);
    seconds.mpn = clock();
    const unresolved = await this.matchTitles(items, matched, unmatched);
    seconds.title = clock();
    // Titles no product answers join the names people asked for; a dry run changes nothing.
    if (!options.dryRun)
      for (const { query, suggestion, publicationId } of unresolved)
        this.asked.record(query, 'feed', suggestion, publicationId);

    const offers = new Map<string, FeedOffer>();
    for (const [item, { productId }] of matched)
      offers.set(`${productId}\n${item.link}`, { productId, price: item.price, url: item.link });
    const list = [...offers.values()];
    const counts = { gtin: 0, mpn: 0, title: 0 };
    for (const { by } of matched.values()) counts[by] += 1;
    const report: OffersFeedReport = {
      feed: file,
      kind: feed.kind,
      retailer,
      items: items.length + invalid.length + unavailable.length,
      matched: counts,
      unmatched: unmatched.sort((a, b) => a.line - b.line),
      invalid,
      outOfStock: unavailable,
      offers: list.length,
      products: new Set(list.map((o) => o.productId)).size,
      seconds,
    };
    // A feed with invalid items is published whole or not at all, unless the admin says so:
    // a script runs it unattended, and its exit code is all it reads (offers.command.ts).
    if (options.dryRun || list.length === 0 || refused(report, options)) return report;
    const published = await this.offers.publish(retailer, list, options.priceAsOf ?? new Date());
    return { ...report, published, seconds: { ...seconds, publish: clock() } };
  }

  private async matchBarcodes(
    items: FeedItem[],
    matched: Map<FeedItem, { productId: string; by: MatchedBy }>,
  ) {
    const gtins = [...new Set(items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
    const products = await this.offers.byBarcodes(gtins);
    for (const item of items) {
      const product = item.gtin && products.get(item.gtin);
      if (product) matched.set(item, { productId: product.id, by: 'gtin' });
    }
  }

  private async matchPartNumbers(
    items: FeedItem[],
    matched: Map<FeedItem, { productId: string; by: MatchedBy }>,
    unmatched: Unmatched[],
  ) {
    const open = items.filter((i) => !matched.has(i) && i.mpn && i.brand);
    const products = await this.offers.byPartNumbers([
      ...new Set(open.map((i) => nameKey(i.mpn!))),
    ]);
    for (const item of open) {
      const same = (products.get(nameKey(item.mpn!)) ?? []).filter((p) =>
        sameBrand(p.brand, item.brand!),
      );
      if (same.length !== 1) continue;
      if (conflicts(item, same[0]!))
        unmatched.push({
          ...where(item),
          title: item.title,
          why: "its gtin is not the product's with that part number",
        });
      else matched.set(item, { productId: same[0]!.id, by: 'mpn' });
    }
  }

  /**
   * The open items by their titles: one that is exactly a product's name or an alias an admin
   * confirmed is that product, the others are the resolver's. Returns the titles it refused,
   * as resolved, with their best suggestion.
   */
  private async matchTitles(
    items: FeedItem[],
    matched: Map<FeedItem, { productId: string; by: MatchedBy }>,
    unmatched: Unmatched[],
  ): Promise<{ query: string; suggestion?: Suggestion; publicationId?: number }[]> {
    const reported = new Set(unmatched.map((u) => `${u.file}:${u.line}:${u.title}`));
    const titled = items.filter(
      (i) => !matched.has(i) && !reported.has(`${i.file}:${i.line}:${i.title}`),
    );
    const found: [FeedItem, string][] = [];
    // No stored answer is read: an empty synthesis key is no publication's.
    const exact = await this.answers.findExact(
      titled.map((i) => nameKey(titleQuery(i))),
      '',
    );
    titled.forEach((item, i) => {
      const hit = exact.hits[i];
      if (hit) found.push([item, hit.productId]);
    });
    const open = titled.filter((_, i) => !exact.hits[i]);
    const refusedTitles: { query: string; suggestion?: Suggestion; publicationId?: number }[] = [];
    const groups = Array.from({ length: Math.ceil(open.length / TITLE_GROUP) }, (_, g) =>
      open.slice(g * TITLE_GROUP, (g + 1) * TITLE_GROUP),
    );
    const resolveGroup = async (group: FeedItem[]) => {
      const { outcomes, publication } = await this.resolver.resolveMany(
        group.map(titleQuery),
        false,
      );
      outcomes.forEach((outcome, i) => {
        const item = group[i]!;
        if (outcome.found) found.push([item, outcome.productId!]);
        else {
          const best = outcome.candidates[0];
          refusedTitles.push({
            query: titleQuery(item),
            ...(best && { suggestion: best }),
            ...(publication && { publicationId: publication.id }),
          });
          unmatched.push({
            ...where(item),
            title: item.title,
            why: best ? 'the title does not resolve' : 'no product shares a term with the title',
            ...(best && {
              suggestion: { productId: best.productId, name: best.name, score: best.score },
            }),
          });
        }
      });
    };
    for (let g = 0; g < groups.length; g += 2)
      await Promise.all(groups.slice(g, g + 2).map(resolveGroup));
    const products = await this.offers.byIds([...new Set(found.map(([, id]) => id))]);
    for (const [item, productId] of found) {
      const product = products.get(productId);
      if (product && conflicts(item, product))
        unmatched.push({
          ...where(item),
          title: item.title,
          why: "its gtin is not the product's its title names",
        });
      else matched.set(item, { productId, by: 'title' });
    }
    return refusedTitles;
  }
}

/** Whether invalid items keep the feed's offers from being published. */
export const refused = (
  report: OffersFeedReport,
  options: Pick<OffersFeedOptions, 'allowInvalid'>,
): boolean => report.invalid.length > 0 && !options.allowInvalid;

/** One item's problems (a reader gives them together, and at least one). */
function invalidItem(problems: FeedProblem[]): InvalidItem {
  const { line, file } = problems[0]!;
  return {
    line,
    ...(file !== undefined && { file }),
    problems: problems.map(({ field, message }) => ({
      ...(field !== undefined && { field }),
      message,
    })),
  };
}

/** Seconds since the last call (or since it was made), to a tenth. */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const seconds = Math.round((now - last) / 100) / 10;
    last = now;
    return seconds;
  };
}

const where = (item: FeedItem) => ({
  line: item.line,
  ...(item.file !== undefined && { file: item.file }),
});

/** The title, with the brand before it when the title leaves it out (feeds give it apart). */
function titleQuery(item: FeedItem): string {
  if (!item.brand || normaliseName(item.title).includes(normaliseName(item.brand)))
    return item.title;
  return `${item.brand} ${item.title}`;
}
