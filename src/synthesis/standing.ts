// A product's standing in its category and what to buy instead (issue 55), computed for a
// whole category at once from its products' stored answers: the rank among the category's
// reviewed products by service_score, and up to three alternatives, each with a reason that
// states the numbers it rests on. The margins are docs/decisions.md's ("What to buy instead").

import type { Alternative, CategoryRank } from './product-intelligence.schema.js';

/** What choosing needs of a product of one category, as its stored answer states it. */
export interface Contender {
  id: string;
  serviceScore: number;
  startingPriceUsd: number | null;
  sourceCount: number;
}

/** A contender as an answer offers it: with its name and brand. */
export interface Named extends Contender {
  productName: string;
  brand: string;
}

export type AlternativeKind = Alternative['kind'];
export const ALTERNATIVE_KINDS: readonly AlternativeKind[] = ['better', 'cheaper', 'top'];

/** A product's rank and the ids of the products chosen for it, by kind. */
export interface Choice {
  /** Null for an unreviewed product: no source scored it, so it has no rank. */
  rank: number | null;
  /** How many of its category's products are reviewed. */
  of: number;
  chosen: Partial<Record<AlternativeKind, string>>;
}

export interface Standing {
  category_rank: CategoryRank | null;
  alternatives: Alternative[];
}

/** "Clearly higher": at least this many points of service_score more. */
export const CLEARLY_HIGHER = 5;
/** A product "clearly higher" rests on at least this many sources: one cannot make it so. */
export const BETTER_SOURCES = 2;
/** "At a price not far above": at most this share more than the product's lowest price. */
export const NOT_FAR_ABOVE = 0.25;
/** "Scores about as well": at most this many points of service_score less. */
export const ABOUT_AS_WELL = 3;
/** "Costs clearly less": at least this share less than the product's lowest price. */
export const CLEARLY_LESS = 0.2;

/** The `rank`th of `of` reviewed products of `category`, with its percentile. */
export const categoryRank = (category: string, rank: number, of: number): CategoryRank => ({
  category,
  rank,
  of,
  percentile: of === 1 ? 100 : Math.round((100 * (of - rank)) / (of - 1)),
});

/** A product scored by sources (score_basis "sources"): the only kind ranked or suggested. */
export const reviewed = (c: Contender) => c.sourceCount > 0;

/** Best first: score, then more sources, then id, so that ranks are a strict order. */
const byStanding = (a: Contender, b: Contender) =>
  b.serviceScore - a.serviceScore || b.sourceCount - a.sourceCount || (a.id < b.id ? -1 : 1);

/** Whether `q` is "better" than `p`: clearly higher on enough sources, not far above its price. */
export const isBetter = (p: Contender, q: Contender): boolean =>
  p.startingPriceUsd !== null &&
  q.startingPriceUsd !== null &&
  q.serviceScore >= p.serviceScore + CLEARLY_HIGHER &&
  q.sourceCount >= BETTER_SOURCES &&
  q.startingPriceUsd <= p.startingPriceUsd * (1 + NOT_FAR_ABOVE);

/** Whether `q` is "cheaper" than `p`: scores about as well and costs clearly less. */
export const isCheaper = (p: Contender, q: Contender): boolean =>
  p.startingPriceUsd !== null &&
  q.startingPriceUsd !== null &&
  q.id !== p.id &&
  q.serviceScore >= p.serviceScore - ABOUT_AS_WELL &&
  q.startingPriceUsd <= p.startingPriceUsd * (1 - CLEARLY_LESS);

/**
 * The first index of a fixed array whose value is at most a bound, among the first `end`: a
 * tree of minimums over the array, searched from the left in O(log n).
 */
class LeftmostAtMost {
  private readonly size: number;
  private readonly min: Float64Array;

  constructor(values: readonly number[]) {
    let size = 1;
    while (size < values.length) size *= 2;
    this.size = size;
    this.min = new Float64Array(2 * size).fill(Infinity);
    values.forEach((v, i) => (this.min[size + i] = v));
    for (let i = size - 1; i >= 1; i--)
      this.min[i] = Math.min(this.min[2 * i]!, this.min[2 * i + 1]!);
  }

  /** The first index below `end` whose value is at most `bound`, or -1. */
  find(end: number, bound: number, node = 1, lo = 0, hi = this.size): number {
    if (lo >= end || this.min[node]! > bound) return -1;
    if (node >= this.size) return lo;
    const mid = (lo + hi) / 2;
    const left = this.find(end, bound, 2 * node, lo, mid);
    return left >= 0 ? left : this.find(end, bound, 2 * node + 1, mid, hi);
  }
}

/** How many of `scores` (best first, as ranked) are at least `score`. */
function scoringAtLeast(scores: Float64Array, score: number): number {
  let lo = 0;
  let hi = scores.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (scores[mid]! >= score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each product's rank and alternatives among `products` (one category's, reviewed or not), in
 * their order: of the products a kind admits (isBetter, isCheaper), the best-ranked; the
 * category's rank 1 as "top"; each product once (the first kind naming it), never the product
 * itself, never an unreviewed one. An unreviewed product's score is its category's mean, not
 * a verdict: it is offered the top product only. O(n log n): those scoring enough are a
 * prefix of the ranking, searched for the first price within the bound.
 */
export function chooseInCategory(products: readonly Contender[]): Choice[] {
  return products.map(choosing(products));
}

/**
 * chooseInCategory one product at a time: the choice of the `index`th product of `products`,
 * so that a large category's choices need not all be held at once.
 */
export function choosing(products: readonly Contender[]): (p: Contender, index: number) => Choice {
  const order = [...products.keys()].filter((i) => reviewed(products[i]!));
  order.sort((a, b) => byStanding(products[a]!, products[b]!));
  const ranked = order.map((i) => products[i]!);
  const of = ranked.length;
  const rankAt = new Int32Array(products.length);
  order.forEach((i, r) => (rankAt[i] = r + 1));
  const scores = Float64Array.from(ranked, (c) => c.serviceScore);
  const price = (c: Contender) => c.startingPriceUsd ?? Infinity;
  const priced = new LeftmostAtMost(ranked.map(price));
  const pricedBetter = new LeftmostAtMost(
    ranked.map((c) => (c.sourceCount >= BETTER_SOURCES ? price(c) : Infinity)),
  );
  const top = ranked[0];
  return (p, index) => {
    const chosen: Choice['chosen'] = {};
    const choose = (kind: AlternativeKind, at: number) => {
      const q = ranked[at];
      if (q && q !== p && q.id !== chosen.better && q.id !== chosen.cheaper) chosen[kind] = q.id;
    };
    const own = p.startingPriceUsd;
    if (reviewed(p) && own !== null) {
      const higher = scoringAtLeast(scores, p.serviceScore + CLEARLY_HIGHER);
      choose('better', pricedBetter.find(higher, own * (1 + NOT_FAR_ABOVE)));
      const asWell = scoringAtLeast(scores, p.serviceScore - ABOUT_AS_WELL);
      choose('cheaper', priced.find(asWell, own * (1 - CLEARLY_LESS)));
    }
    if (top) choose('top', 0);
    return { rank: rankAt[index] || null, of, chosen };
  };
}

const usd = (price: number) => `$${price.toFixed(2).replace(/\.00$/, '')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Why `q` is offered to `p` as `kind`, in one sentence with its numbers. */
function reason(
  kind: AlternativeKind,
  p: Contender,
  q: Contender,
  category: string,
  of: number,
): string {
  const price = p.startingPriceUsd!;
  const theirs = q.startingPriceUsd!;
  switch (kind) {
    case 'better': {
      const more = theirs / price - 1;
      const cost =
        more > 0 ? `${percent(more)} more` : more < 0 ? `${percent(-more)} less` : 'the same price';
      return (
        `Scores ${q.serviceScore} against ${p.serviceScore} (${q.serviceScore - p.serviceScore} ` +
        `points higher, on ${q.sourceCount} sources) from ${usd(theirs)}, ${cost}.`
      );
    }
    case 'cheaper':
      return (
        `Scores ${q.serviceScore} against ${p.serviceScore} from ${usd(theirs)}, ` +
        `${percent(1 - theirs / price)} less than ${usd(price)}.`
      );
    case 'top':
      return (
        `The best reviewed of ${of} in ${category}: scores ${q.serviceScore} on ` +
        `${q.sourceCount} source${q.sourceCount === 1 ? '' : 's'}.`
      );
  }
}

/**
 * The alternatives an answer of `p` (of `category`, whose reviewed products number `of`)
 * states, from the products chosen for it, in the order of ALTERNATIVE_KINDS.
 */
export function alternativesOf(
  p: Contender,
  category: string,
  of: number,
  chosen: readonly { kind: AlternativeKind; product: Named }[],
): Alternative[] {
  return chosen.map(({ kind, product: q }) => ({
    kind,
    id: q.id,
    product_name: q.productName,
    brand: q.brand,
    service_score: q.serviceScore,
    starting_price_usd: q.startingPriceUsd,
    source_count: q.sourceCount,
    reason: reason(kind, p, q, category, of),
  }));
}

/**
 * The standing of every product of one category (`products`, all of it: reviewed or not),
 * by id: chooseInCategory's choices, stated.
 */
export function categoryStandings(
  category: string,
  products: readonly Named[],
): Map<string, Standing> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const choices = chooseInCategory(products);
  const standings = new Map<string, Standing>();
  products.forEach((p, i) => {
    const { rank, of, chosen } = choices[i]!;
    const picked = ALTERNATIVE_KINDS.filter((kind) => chosen[kind] !== undefined).map((kind) => ({
      kind,
      product: byId.get(chosen[kind]!)!,
    }));
    standings.set(p.id, {
      category_rank: rank === null ? null : categoryRank(category, rank, of),
      alternatives: alternativesOf(p, category, of, picked),
    });
  });
  return standings;
}

/** The standing of every product of a catalog, by id: each category's products together. */
export function catalogStandings(
  products: readonly (Named & { category: string })[],
): Map<string, Standing> {
  const categories = byCategory(products);
  const standings = new Map<string, Standing>();
  for (const [category, members] of categories)
    for (const [id, standing] of categoryStandings(category, members)) standings.set(id, standing);
  return standings;
}

/** Products by category, in the order met (Map.groupBy, which Node 20 lacks). */
export function byCategory<T extends { category: string }>(
  products: readonly T[],
): Map<string, T[]> {
  const categories = new Map<string, T[]>();
  for (const p of products) {
    const members = categories.get(p.category);
    if (members) members.push(p);
    else categories.set(p.category, [p]);
  }
  return categories;
}
