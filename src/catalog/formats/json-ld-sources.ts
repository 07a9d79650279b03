import type { JsonLdProduct, JsonLdReview } from '../../feeds/json-ld.js';
import { reviewSchema, type CatalogReview } from '../catalog-line.schema.js';

// A page's reviews as catalog sources. A source is a publication or a shop, never a person
// (docs/synthesis.md, "What a source is"): a shop's customers, however many, are one
// `user_reviews` source, so two shoppers are not two publications that can disagree.

/** A page's text as a catalog text: one line, no control characters, at most `max` long. */
function clean(text: string, max: number): string {
  const line = text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, max);
  return line.replace(/[\uD800-\uDBFF]$/, ''); // never half a character
}

const fold = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const hostOf = (url: string | undefined): string | undefined => {
  if (!url || !reviewSchema.shape.url.safeParse(url).success) return undefined;
  return new URL(url).hostname.replace(/^www\./, '');
};

/** A review's own name for its source: its publisher, or its author when that is no person. */
const namedBy = (review: JsonLdReview) =>
  review.publisher ?? (review.byOrganization ? review.author : undefined);

/** The one value of a list that holds one, whatever its repeats. */
const theOne = (values: (string | undefined)[]) => {
  const distinct = new Set(values.filter((v): v is string => v !== undefined));
  return distinct.size === 1 ? [...distinct][0] : undefined;
};

/**
 * The name of the site whose customers reviewed the product on this page: the publisher its
 * customer reviews name, else the host of the product's page, else the one seller or the one
 * host its offers name, else the page file itself (a page that says nothing of where it is from
 * is a source of its own rather than one with another page's).
 */
function siteOf(product: JsonLdProduct, customers: JsonLdReview[], page: string): string {
  return (
    customers.map(namedBy).find((n) => n !== undefined) ??
    hostOf(product.url) ??
    theOne(product.offers.map((o) => o.seller)) ??
    theOne(product.offers.map((o) => hostOf(o.url))) ??
    page
  );
}

/**
 * The names the page's shop goes by: the sellers of its offers. Not its host: a publication's
 * own page names it as its review's publisher, and that review is still the publication's.
 */
function shopNames(product: JsonLdProduct): Set<string> {
  const sellers = product.offers.map((o) => o.seller);
  return new Set(sellers.filter((n): n is string => n !== undefined).map(fold));
}

/** The latest of the reviews' dates the catalog can read, as a catalog date-time. */
function latestDate(reviews: JsonLdReview[]): string | undefined {
  const dates = reviews
    .map((r) => (r.date && /^\d{4}-\d{2}-\d{2}$/.test(r.date) ? `${r.date}T00:00:00Z` : r.date))
    .filter((d): d is string => d !== undefined)
    .filter((d) => reviewSchema.shape.reviewed_at.safeParse(d).success)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return dates.at(-1);
}

/** What the reviews praise or fault, each point once, as the catalog takes them. */
function points(lists: string[][]): string[] | undefined {
  const seen = new Set<string>();
  const out = lists
    .flat()
    .map((p) => clean(p, 200))
    .filter((p) => p !== '' && !seen.has(fold(p)) && seen.add(fold(p)))
    .slice(0, 10);
  return out.length > 0 ? out : undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;
const printed = (score: number) => `${round(score)}/100`;
const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The review fields every source of a page has: when, what it praised and faulted, where. */
function cited(reviews: JsonLdReview[], url: string | undefined) {
  const reviewedAt = latestDate(reviews);
  const pros = points(reviews.map((r) => r.pros));
  const cons = points(reviews.map((r) => r.cons));
  return {
    ...(url && hostOf(url) && { url }),
    ...(reviewedAt && { reviewed_at: reviewedAt }),
    ...(pros && { pros }),
    ...(cons && { cons }),
  };
}

/**
 * The page's customers as one source. Its aggregateRating, when it has one, is their score: it
 * covers every rating the shop holds, the listed reviews only the few a page shows; only an
 * aggregate that says it covers fewer reviews than the page lists gives way to their mean.
 */
function customerSource(
  product: JsonLdProduct,
  customers: JsonLdReview[],
  site: string,
): CatalogReview | undefined {
  const { rating } = product;
  const aggregate = rating && !(rating.count !== undefined && rating.count < customers.length);
  if (!aggregate && customers.length === 0) return undefined;
  const rated = customers.map((r) => r.score!);
  const score = aggregate ? rating.score : round(rated.reduce((a, b) => a + b, 0) / rated.length);
  const summary = aggregate
    ? `Customers rate it ${printed(score)} on average${rating.count === undefined ? '' : ` (${counted(rating.count, 'rating')})`}.`
    : customers.length === 1
      ? `1 customer review rates it ${printed(score)}${customers[0]!.body ? `: ${customers[0]!.body}` : '.'}`
      : `Customers rate it ${printed(score)} on average (${counted(customers.length, 'review')}).`;
  return {
    source: clean(site, 120),
    source_type: 'user_reviews',
    score,
    summary: clean(summary, 2000),
    ...cited(customers, product.url),
  };
}

/** A publication's review on the page: a source of its own, as the publication wrote it. */
function publicationSource(review: JsonLdReview, name: string): CatalogReview {
  return {
    source: clean(name, 120),
    source_type: 'expert_review',
    score: review.score!,
    summary: clean(review.body ?? `Rated ${printed(review.score!)}.`, 2000),
    ...cited([review], review.url),
  };
}

/**
 * The sources of a page's reviews (unrated reviews cannot be weighed and are left out):
 * - a review that names its own publisher (or is written by an organization) that no other
 *   review on the page names and that is not the page's shop (a seller of its offers) is that
 *   publication's review, an
 *   `expert_review` of its own;
 * - every other review is a customer's: together, with the page's aggregateRating, they are
 *   one `user_reviews` source named by the site (siteOf).
 */
export function jsonLdSources(product: JsonLdProduct, page: string): CatalogReview[] {
  const rated = product.reviews.filter((r) => r.score !== undefined);
  const shop = shopNames(product);
  const named = rated.map(namedBy);
  const isPublication = (review: JsonLdReview, i: number) => {
    const name = named[i];
    return (
      name !== undefined && !shop.has(fold(name)) && named.filter((n) => n === name).length === 1
    );
  };
  const publications = rated.filter(isPublication);
  const customers = rated.filter((r, i) => !isPublication(r, i));
  const site = siteOf(product, customers, page);
  const sources = [
    customerSource(product, customers, site),
    ...publications.map((r) => publicationSource(r, namedBy(r)!)),
  ].filter((s): s is CatalogReview => s !== undefined && s.source !== '');
  // One review per source: a publication named as the shop is, is the shop's.
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.source) && seen.add(s.source));
}
