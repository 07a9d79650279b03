import type { RawFeedItem } from './feed-item.js';

// schema.org Product data as shops publish it in their pages: JSON-LD blocks in HTML, or
// .jsonld/.json files. What a product says, read leniently (a value may be a string, an object
// with a name, or an array of either), for the offers feed and the catalog import alike.

type Json = unknown;

/** A review as the page gives it, its rating already on 0 to 100. */
export interface JsonLdReview {
  author?: string;
  score?: number;
  body?: string;
  date?: string;
  pros: string[];
  cons: string[];
}

export interface JsonLdOffer {
  price?: string;
  currency?: string;
  url?: string;
  seller?: string;
  availability?: string;
}

export interface JsonLdProduct {
  /** The line of the page or file the product's block starts on. */
  line: number;
  name?: string;
  brand?: string;
  category?: string;
  url?: string;
  gtins: string[];
  mpn?: string;
  sku?: string;
  offers: JsonLdOffer[];
  reviews: JsonLdReview[];
  /** The page's own summary of its ratings (aggregateRating), on 0 to 100. */
  rating?: { score: number; count?: number };
}

const SCRIPT =
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The JSON-LD blocks of a page (or the whole of a JSON file), each with its first line. */
export function jsonLdBlocks(text: string, html: boolean): { line: number; json: string }[] {
  if (!html) return [{ line: 1, json: text }];
  return [...text.matchAll(SCRIPT)].map((m) => ({
    line: lineAt(text, m.index + m[0].indexOf(m[1]!)),
    json: m[1]!,
  }));
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: Json): Json[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/** A text of a value written as a string, a number, `{name}`, `{@value}` or a list of those. */
function textOf(value: Json): string | undefined {
  for (const v of list(value)) {
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
    if (isObject(v)) {
      const inner = textOf(v.name ?? v['@value']);
      if (inner) return inner;
    }
  }
  return undefined;
}

const typesOf = (value: Record<string, Json>) =>
  list(value['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/#:]/, ''));

/** A rating on 0 to 100: `(value - worst) / (best - worst)`, best 5 and worst 1 unless given. */
export function ratingOf(rating: Json): number | undefined {
  if (!isObject(rating)) return undefined;
  const value = Number(textOf(rating.ratingValue));
  const best = Number(textOf(rating.bestRating) ?? 5);
  const worst = Number(textOf(rating.worstRating) ?? 1);
  if (![value, best, worst].every(Number.isFinite) || best <= worst) return undefined;
  const score = ((value - worst) / (best - worst)) * 100;
  return Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
}

/** The names of an ItemList of notes (`positiveNotes`), or of a plain list of strings. */
function notesOf(value: Json): string[] {
  const items =
    isObject(value) && 'itemListElement' in value ? list(value.itemListElement) : list(value);
  return items.map(textOf).filter((t): t is string => t !== undefined);
}

function offersOf(value: Json): JsonLdOffer[] {
  return list(value)
    .filter(isObject)
    .flatMap((offer): JsonLdOffer[] => {
      // An AggregateOffer stands for offers it may list; its low price is what it says.
      if (typesOf(offer).includes('AggregateOffer') && offer.offers) return offersOf(offer.offers);
      const price = textOf(
        offer.price ??
          offer.lowPrice ??
          (isObject(offer.priceSpecification) ? offer.priceSpecification.price : undefined),
      );
      const currency = textOf(
        offer.priceCurrency ??
          (isObject(offer.priceSpecification) ? offer.priceSpecification.priceCurrency : undefined),
      );
      const url = textOf(offer.url);
      const seller = textOf(offer.seller);
      const availability = textOf(offer.availability);
      return [
        {
          ...(price && { price }),
          ...(currency && { currency }),
          ...(url && { url }),
          ...(seller && { seller }),
          ...(availability && { availability }),
        },
      ];
    });
}

function reviewsOf(value: Json): JsonLdReview[] {
  return list(value)
    .filter(isObject)
    .map((review) => {
      const score = ratingOf(review.reviewRating);
      const author = textOf(review.author);
      const body = textOf(review.reviewBody ?? review.description ?? review.name);
      const date = textOf(review.datePublished);
      return {
        ...(author && { author }),
        ...(score !== undefined && { score }),
        ...(body && { body }),
        ...(date && { date }),
        pros: notesOf(review.positiveNotes),
        cons: notesOf(review.negativeNotes),
      };
    });
}

const GTIN_KEYS = ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14'] as const;

function productOf(value: Record<string, Json>, line: number): JsonLdProduct {
  const gtins = GTIN_KEYS.flatMap((key) => list(value[key]).map(textOf)).filter(
    (g): g is string => g !== undefined,
  );
  const name = textOf(value.name);
  const brand = textOf(value.brand ?? value.manufacturer);
  const category = textOf(value.category);
  const url = textOf(value.url);
  const mpn = textOf(value.mpn);
  const sku = textOf(value.sku);
  const aggregate = isObject(value.aggregateRating) ? value.aggregateRating : undefined;
  const score = ratingOf(aggregate);
  const count = Number(textOf(aggregate?.ratingCount ?? aggregate?.reviewCount));
  return {
    line,
    ...(name && { name }),
    ...(brand && { brand }),
    ...(category && { category }),
    ...(url && { url }),
    gtins,
    ...(mpn && { mpn }),
    ...(sku && { sku }),
    offers: offersOf(value.offers),
    reviews: reviewsOf(value.review ?? value.reviews),
    ...(score !== undefined && {
      rating: { score, ...(Number.isInteger(count) && count > 0 && { count }) },
    }),
  };
}

/** Every Product of a parsed JSON-LD value: at its top, in `@graph`, in lists, in items. */
export function jsonLdProducts(value: Json, line: number): JsonLdProduct[] {
  const found: JsonLdProduct[] = [];
  const visit = (v: Json, depth: number) => {
    if (depth > 8) return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    if (!isObject(v)) return;
    if (typesOf(v).includes('Product')) return void found.push(productOf(v, line));
    for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity'])
      if (key in v) visit(v[key], depth + 1);
  };
  visit(value, 0);
  return found;
}

/** The offers of a product as feed items, one per offer (at least one: the product's own). */
export function jsonLdFeedItems(product: JsonLdProduct, file: string): RawFeedItem[] {
  const offers = product.offers.length > 0 ? product.offers : [{}];
  return offers.map((offer) => {
    const link = offer.url ?? product.url;
    return {
      line: product.line,
      file,
      ...(product.name && { title: product.name }),
      ...(product.brand && { brand: product.brand }),
      ...(product.gtins[0] && { gtin: product.gtins[0] }),
      ...(product.mpn && { mpn: product.mpn }),
      ...(product.sku && { id: product.sku }),
      ...(offer.price && { price: offer.price }),
      ...(offer.currency && { currency: offer.currency }),
      ...(link && { link }),
      ...(offer.seller && { seller: offer.seller }),
      ...(offer.availability && { availability: offer.availability }),
    };
  });
}
