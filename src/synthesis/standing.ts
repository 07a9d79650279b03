// A product's standing in its category and what to buy instead (issue 55), computed for a
// whole category at once from its products' stored answers: the rank among the category's
// reviewed products by service_score, and up to three alternatives, each with a reason that
// states the numbers it rests on. The margins are docs/decisions.md's ("What to buy instead").

import type { CategoryRank } from './product-intelligence.schema.js';

/** A product of one category as its stored answer states it. */
export interface Contender {
  id: string;
  productName: string;
  brand: string;
  serviceScore: number;
  startingPriceUsd: number | null;
  sourceCount: number;
}

export type AlternativeKind = 'better' | 'cheaper' | 'top';

export interface Alternative {
  kind: AlternativeKind;
  id: string;
  product_name: string;
  brand: string;
  service_score: number;
  starting_price_usd: number | null;
  source_count: number;
  reason: string;
}

export interface Standing {
  /** Null for an unreviewed product: no source scored it, so it has no rank. */
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

const usd = (price: number) => `$${price.toFixed(2).replace(/\.00$/, '')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function alternative(kind: AlternativeKind, c: Contender, reason: string): Alternative {
  return {
    kind,
    id: c.id,
    product_name: c.productName,
    brand: c.brand,
    service_score: c.serviceScore,
    starting_price_usd: c.startingPriceUsd,
    source_count: c.sourceCount,
    reason,
  };
}

/** The best-standing product of `ranked` (best first) that `fits`, if any. */
const first = (ranked: readonly Contender[], fits: (c: Contender) => boolean) => ranked.find(fits);

/**
 * "Better": the best-standing product that scores clearly higher on at least BETTER_SOURCES
 * sources, at a price not far above the product's; both prices known.
 */
function better(p: Contender, ranked: readonly Contender[]): Alternative | undefined {
  const price = p.startingPriceUsd;
  if (price === null) return undefined;
  const q = first(
    ranked,
    (c) =>
      c.serviceScore >= p.serviceScore + CLEARLY_HIGHER &&
      c.sourceCount >= BETTER_SOURCES &&
      c.startingPriceUsd !== null &&
      c.startingPriceUsd <= price * (1 + NOT_FAR_ABOVE),
  );
  if (!q) return undefined;
  const more = q.startingPriceUsd! / price - 1;
  const cost =
    more > 0 ? `${percent(more)} more` : more < 0 ? `${percent(-more)} less` : 'the same price';
  return alternative(
    'better',
    q,
    `Scores ${q.serviceScore} against ${p.serviceScore} (${q.serviceScore - p.serviceScore} ` +
      `points higher, on ${q.sourceCount} sources) from ${usd(q.startingPriceUsd!)}, ${cost}.`,
  );
}

/** "Cheaper": the best-standing product that scores about as well and costs clearly less. */
function cheaper(p: Contender, ranked: readonly Contender[]): Alternative | undefined {
  const price = p.startingPriceUsd;
  if (price === null) return undefined;
  const q = first(
    ranked,
    (c) =>
      c.id !== p.id &&
      c.serviceScore >= p.serviceScore - ABOUT_AS_WELL &&
      c.startingPriceUsd !== null &&
      c.startingPriceUsd <= price * (1 - CLEARLY_LESS),
  );
  if (!q) return undefined;
  return alternative(
    'cheaper',
    q,
    `Scores ${q.serviceScore} against ${p.serviceScore} from ${usd(q.startingPriceUsd!)}, ` +
      `${percent(1 - q.startingPriceUsd! / price)} less than ${usd(price)}.`,
  );
}

/**
 * The standing of every product of one category (`products`, all of it: reviewed or not),
 * by id.
 */
export function categoryStandings(
  category: string,
  products: readonly Contender[],
): Map<string, Standing> {
  const ranked = products.filter(reviewed).sort(byStanding);
  const of = ranked.length;
  const rankOf = new Map(ranked.map((c, i) => [c.id, i + 1]));
  const top = ranked[0];
  const standings = new Map<string, Standing>();
  for (const p of products) {
    const rank = rankOf.get(p.id);
    const alternatives: Alternative[] = [];
    const add = (a: Alternative | undefined) => {
      if (a && a.id !== p.id && !alternatives.some((x) => x.id === a.id)) alternatives.push(a);
    };
    // An unreviewed product's score is its category's mean, not a verdict: nothing to compare.
    if (reviewed(p)) {
      add(better(p, ranked));
      add(cheaper(p, ranked));
    }
    if (top)
      add(
        alternative(
          'top',
          top,
          `The best reviewed of ${of} in ${category}: scores ${top.serviceScore} on ` +
            `${top.sourceCount} source${top.sourceCount === 1 ? '' : 's'}.`,
        ),
      );
    standings.set(p.id, {
      category_rank: rank === undefined ? null : categoryRank(category, rank, of),
      alternatives,
    });
  }
  return standings;
}

/** The standing of every product of a catalog, by id: each category's products together. */
export function catalogStandings(
  products: readonly (Contender & { category: string })[],
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
