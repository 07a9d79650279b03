import { brandForm } from './candidate-name.js';
import { nameMatcher } from './name-matcher.js';
import { normaliseName } from './name-normaliser.js';
import { readTitle, type TermCounts } from './title-reading.js';

// Candidates, catalog counts and a reading of a query against them, for the title specs.

/** A candidate product as the resolver reads it: its brand and normalised names. */
export const product = (brand: string, ...names: string[]) => ({
  brand: brandForm(brand),
  names: names.map(normaliseName),
  category: 'headphones',
});

export type Product = ReturnType<typeof product>;

/** The catalog's counts: every term rare unless said otherwise, and no sibling words. */
export const counts = (
  overrides: Partial<TermCounts> & { common?: string[] } = {},
): TermCounts => ({
  namesCarrying: (term) => (overrides.common?.includes(term) ? 500 : 1),
  siblings: () => 0,
  searchNames: 20_000,
  ...overrides,
});

/** How the query reads against each product, and how well it names each one's first name. */
export function read(query: string, products: Product[], catalog = counts()) {
  const reading = readTitle(query, products, catalog);
  const match = nameMatcher(query);
  return products.map((p, i) => {
    const against = reading.against(i);
    const m = match({
      text: p.names[0]!,
      brand: p.brand,
      categoryWords: new Set([p.category.replace(/s$/, '')]),
      read: against,
    });
    return { ...against, ...m };
  });
}
