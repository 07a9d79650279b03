import type { RawFeedItem } from './feed-item.js';

// schema.org Product data as shops publish it in their pages: JSON-LD blocks in HTML, or
// .jsonld/.json files. What a product says, read leniently (a value may be a string, an object
// with a name, or an array of either), for the offers feed and the catalog import alike.

type Json = unknown;

/** A review as the page gives it, its rating already on 0 to 100. */
export interface JsonLdReview {
  author?: string;
  /** Its author is typed as an organization (a publication writing as itself), not a person. */
  byOrganization?: true;
  /** Who published it (schema.org `publisher`): the site or publication it appeared in. */
  publisher?: string;
  url?: string;
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
  /**
   * The page's own summary of its ratings (aggregateRating), on 0 to 100, and how many it
   * covers when it says (the larger of ratingCount and reviewCount).
   */
  rating?: { score: number; count?: number };
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

/** A number as pages write it: `4.5`, `"4.5"`, `"4,5"` (a decimal comma). */
function numberOf(value: Json): number {
  const text = textOf(value);
  return text === undefined ? NaN : Number(text.replace(/^(\d+),(\d+)$/, '$1.$2'));
}

/**
 * A rating on 0 to 100: `(value - worst) / (best - worst)`, best 5 and worst 1 unless given.
 * A value outside its scale is no rating: shops write `ratingValue: 0` for "not rated yet",
 * and a 10-point value on an unstated scale cannot be read.
 */
export function ratingOf(rating: Json): number | undefined {
  if (!isObject(rating)) return undefined;
  const value = numberOf(rating.ratingValue);
  const best = rating.bestRating == null ? 5 : numberOf(rating.bestRating);
  const worst = rating.worstRating == null ? 1 : numberOf(rating.worstRating);
  if (![value, best, worst].every(Number.isFinite) || best <= worst) return undefined;
  if (value < worst || value > best) return undefined;
  return Math.round(((value - worst) / (best - worst)) * 1000) / 10;
}

/** A count as pages write it: `31`, `"31"`, `"1,234"`; undefined when it is none of those. */
function countOf(value: Json): number | undefined {
  const text = textOf(value)?.replace(/^(\d{1,3})(?:[,. ]\d{3})+$/, (m) => m.replace(/\D/g, ''));
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * A page's aggregateRating, or none when it covers no rating (`reviewCount: 0`, as shops
 * write before the first review). ratingCount counts ratings with or without a text and
 * reviewCount those with one, so the larger is how many the value rests on.
 */
function aggregateOf(rating: Json): JsonLdProduct['rating'] {
  const score = ratingOf(rating);
  if (score === undefined || !isObject(rating)) return undefined;
  const counts = [countOf(rating.ratingCount), countOf(rating.reviewCount)].filter(
    (n): n is number => n !== undefined,
  );
  if (counts.length === 0) return { score };
  const count = Math.max(...counts);
  return count > 0 ? { score, count } : undefined;
}

/** A schema.org Person is a person; any other typed author (Organization, NewsMediaOrganization…) is not. */
const isOrganization = (value: Json) =>
  list(value).some((v) => isObject(v) && typesOf(v).some((t) => t !== 'Person'));

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
      const publisher = textOf(review.publisher);
      const url = textOf(review.url);
      const body = textOf(review.reviewBody ?? review.description ?? review.name);
      const date = textOf(review.datePublished);
      return {
        ...(author && { author }),
        ...(author && isOrganization(review.author) && { byOrganization: true as const }),
        ...(publisher && { publisher }),
        ...(url && { url }),
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
  const rating = aggregateOf(value.aggregateRating);
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
    ...(rating && { rating }),
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
