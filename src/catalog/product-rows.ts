import type { SourceType } from '../taxonomy/taxonomy.js';
import type { OfferRecord, ProductRecord, ReviewRecord } from '../synthesis/synthesis.types.js';
import { copyField } from './copy-format.js';

// The rows of database/product-record.sql.ts's productRowsSql (COPY text, one line each) back
// to products: a product's rows come together, its own row (`p`) anywhere among its reviews'
// (`r`) and offers' (`o`).

/** The product id a row belongs to, as COPY wrote it: rows of one product share it. */
export const rowProductId = (line: string): string => line.slice(0, line.indexOf('\t'));

const text = (field: string | undefined): string | null =>
  field === undefined || field === '\\N' ? null : copyField(field);

const required = (field: string | undefined, what: string, line: string): string => {
  const value = text(field);
  if (value === null) throw new Error(`a product row without its ${what}: ${line.slice(0, 80)}`);
  return value;
};

/**
 * Every product of `lines`, in their order; each product's rows must all be among them. One at
 * a time: a product answered before the next is read dies young, and the batch's garbage
 * collections copy none of it.
 */
export function* readProducts(lines: readonly string[]): Generator<ProductRecord> {
  let id: string | undefined;
  let own: ProductRecord | undefined;
  let reviews: ReviewRecord[] = [];
  let offers: OfferRecord[] = [];
  const finish = (): ProductRecord => {
    if (!own) throw new Error(`reviews or offers of a product not read: ${id}`);
    own.reviews = reviews;
    own.offers = offers;
    return own;
  };
  for (const line of lines) {
    const f = line.split('\t');
    const rowId = f[0]!;
    if (rowId !== id) {
      if (id !== undefined) yield finish();
      id = rowId;
      own = undefined;
      reviews = [];
      offers = [];
    }
    switch (f[1] ?? '') {
      case 'p':
        own = {
          id: required(f[0], 'id', line),
          name: required(f[2], 'name', line),
          brand: required(f[3], 'brand', line),
          category: required(f[4], 'category', line),
          reviews: [],
          offers: [],
        };
        break;
      case 'r': {
        const reviewedAt = text(f[8]);
        reviews.push({
          source: required(f[2], 'source', line),
          sourceType: required(f[3], 'source type', line) as SourceType,
          summary: required(f[4], 'summary', line),
          url: text(f[5]),
          criteria: JSON.parse(required(f[6], 'criteria', line)) as ReviewRecord['criteria'],
          score: Number(required(f[7], 'score', line)),
          reviewedAt: reviewedAt === null ? null : new Date(Number(reviewedAt)),
          pros: JSON.parse(required(f[9], 'pros', line)) as string[],
          cons: JSON.parse(required(f[10], 'cons', line)) as string[],
        });
        break;
      }
      case 'o':
        offers.push({
          offerId: required(f[2], 'offer id', line),
          retailerName: required(f[3], 'retailer', line),
          url: required(f[4], 'url', line),
          price: Number(required(f[7], 'price', line)),
          priceAsOf: new Date(Number(required(f[8], 'price date', line))),
        });
        break;
      default:
        throw new Error(`not a product row: ${line.slice(0, 80)}`);
    }
  }
  if (id !== undefined) yield finish();
}
