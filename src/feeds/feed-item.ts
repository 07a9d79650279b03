import { z } from 'zod';
import { gtin14, gtinProblem } from '../names/gtin.js';

// One line of a shop's product feed, as every reader gives it (the fields Google Merchant
// Center names, read from TSV, XML or schema.org JSON-LD), and the one rule that validates it.

/** What a reader found for one item, as text, before validation. */
export interface RawFeedItem {
  /** Where the item is: its row or line, and for a folder of pages, the file. */
  line: number;
  file?: string;
  id?: string;
  title?: string;
  brand?: string;
  gtin?: string;
  mpn?: string;
  /** `15.00 USD`, `USD 15.00` or a number, with `currency` apart (JSON-LD). */
  price?: string;
  currency?: string;
  link?: string;
  availability?: string;
  /** The seller the item names (JSON-LD `offers.seller.name`). */
  seller?: string;
}

/**
 * The attributes of Google Merchant Center's product data an offer is made of, by name (`g:`
 * prefix aside), and the field each fills; a sale price, when given, is the price.
 */
export const MERCHANT_ATTRIBUTES = {
  id: 'id',
  title: 'title',
  brand: 'brand',
  gtin: 'gtin',
  mpn: 'mpn',
  price: 'price',
  sale_price: 'price',
  link: 'link',
  availability: 'availability',
} as const satisfies Record<string, keyof RawFeedItem>;

/** A valid item: a price in USD, a link, and what identifies the product. */
export interface FeedItem {
  line: number;
  file?: string;
  id?: string;
  title: string;
  brand?: string;
  /** 14 digits (names/gtin.ts). */
  gtin?: string;
  mpn?: string;
  price: number;
  link: string;
  seller?: string;
}

/**
 * The feed cannot be read to its end (not well-formed, not UTF-8, a field too long): it is
 * refused whole, the items read before the fault with it, as a catalog file is.
 */
export class FeedFormatError extends Error {}

export interface FeedProblem {
  line: number;
  file?: string;
  field?: string;
  message: string;
}

const text = (max: number) => z.string().trim().min(1).max(max);
const link = z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(2000);

/** The catalog's prices are in US dollars; a feed's currency follows the amount or leads it. */
const PRICE = /^(?:([A-Z]{3})\s*)?(\d+(?:\.\d+)?)(?:\s*([A-Z]{3}))?$/;

function price(raw: RawFeedItem): number | string {
  const written = raw.price?.trim().replace(/,(\d{3})/g, '$1') ?? '';
  const match = PRICE.exec(written);
  if (!match) return `"${raw.price ?? ''}" is not a price such as 15.00 USD`;
  const currency = match[1] ?? match[3] ?? raw.currency?.trim().toUpperCase() ?? 'USD';
  if (currency !== 'USD')
    return `"${raw.price}" is in ${currency}: the catalog's prices are in USD`;
  const amount = Number(match[2]);
  return amount > 0 ? amount : 'must be greater than 0';
}

const OUT_OF_STOCK = /out[ _]?of[ _]?stock|discontinued|soldout/i;

/** A problem that says the item is no offer now (out of stock), not that it is written wrong. */
export const outOfStock = (problem: FeedProblem): boolean => problem.field === 'availability';

/** The item, or every problem that keeps it out of the catalog. */
export function validateFeedItem(raw: RawFeedItem): FeedItem | FeedProblem[] {
  const where = { line: raw.line, ...(raw.file !== undefined && { file: raw.file }) };
  const problems: FeedProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ ...where, field, message });
  const title = text(500).safeParse(raw.title);
  if (!title.success)
    problem('title', raw.title?.trim() ? 'longer than 500 characters' : 'required');
  const amount = price(raw);
  if (typeof amount === 'string') problem('price', raw.price === undefined ? 'required' : amount);
  if (!link.safeParse(raw.link).success)
    problem('link', raw.link ? `"${raw.link}" is not an http or https URL` : 'required');
  const gtin = raw.gtin?.replace(/[\s-]/g, '');
  const gtinWrong = gtin ? gtinProblem(gtin) : undefined;
  if (gtinWrong) problem('gtin', gtinWrong);
  if (raw.availability && OUT_OF_STOCK.test(raw.availability))
    problem('availability', `${raw.availability}: not an offer`);
  if (problems.length > 0 || !title.success || typeof amount === 'string') return problems;
  const optional = (value: string | undefined) => value?.trim() || undefined;
  const brand = optional(raw.brand);
  const mpn = optional(raw.mpn);
  const id = optional(raw.id);
  const seller = optional(raw.seller);
  return {
    ...where,
    title: title.data,
    price: amount,
    link: raw.link!,
    ...(id && { id }),
    ...(brand && { brand }),
    ...(gtin && { gtin: gtin14(gtin) }),
    ...(mpn && { mpn }),
    ...(seller && { seller }),
  };
}
