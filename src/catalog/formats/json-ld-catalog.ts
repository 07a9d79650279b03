import { jsonLdPageProducts } from '../../feeds/feed-reader.js';
import type { JsonLdProduct } from '../../feeds/json-ld.js';
import type { LineProblem } from '../chunk-validator.js';
import { jsonLdSources } from './json-ld-sources.js';

// schema.org Product JSON-LD as catalog lines (catalog:import --format jsonld PAGES). What a
// page does not say is left out, so the import's validator names it ("brand: required").

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The id of a page's product: its brand and name as a slug (the name alone when it starts with
 * the brand), stable across imports.
 */
export function jsonLdId(product: JsonLdProduct): string {
  const [brand, name] = [slug(product.brand ?? ''), slug(product.name ?? '')];
  const id = name.startsWith(`${brand}-`) || brand === '' ? name : `${brand}-${name}`;
  return id.slice(0, 120).replace(/-$/, '') || 'unnamed';
}

/**
 * The catalog line of a page's product, its offers' prices as of `asOf`; `page` names the
 * page's reviews when nothing else on it says whose they are (json-ld-sources.ts).
 */
export function jsonLdLine(
  product: JsonLdProduct,
  asOf: Date,
  page: string,
): Record<string, unknown> {
  const reviews = jsonLdSources(product, page);
  const offers = product.offers.flatMap((o) => {
    const url = o.url ?? product.url;
    if (!o.seller || !o.price || !url) return [];
    const currency = o.currency?.toUpperCase() ?? 'USD';
    return currency === 'USD'
      ? [{ retailer_name: o.seller, price: Number(o.price), price_as_of: asOf.toISOString(), url }]
      : [];
  });
  return {
    id: jsonLdId(product),
    ...(product.name && { name: product.name }),
    ...(product.brand && { brand: product.brand }),
    category: product.category ?? 'uncategorised',
    ...(product.gtins.length > 0 && { gtin: [...new Set(product.gtins)] }),
    ...(product.mpn && { mpn: product.mpn }),
    ...(reviews.length > 0 && { reviews }),
    ...(offers.length > 0 && { offers }),
  };
}

/** Every product of the pages as a catalog line, with where it is, and the pages' problems. */
export async function* jsonLdCatalogLines(
  from: string,
  /** The offers' price_as_of: when the pages are imported (a page says when it was read no more). */
  asOf = new Date(),
): AsyncGenerator<{ line: Record<string, unknown>; at: string } | LineProblem> {
  for await (const found of jsonLdPageProducts(from)) {
    if (!('product' in found)) {
      yield {
        line: found.line,
        at: `${found.file ?? ''} line ${found.line}`,
        message: found.message,
      };
      continue;
    }
    yield {
      line: jsonLdLine(found.product, asOf, found.file),
      at: `${found.file} line ${found.product.line}`,
    };
  }
}
