import { describe, expect, it } from '@jest/globals';
import { copyRow } from './copy-format.js';
import { readProducts, rowProductId } from './product-rows.js';

// Rows as productRowsSql's COPY writes them (copyRow escapes as COPY TO does).
const product = (id: string, name: string) =>
  copyRow([id, 'p', name, 'Acme', 'headphones', null]).trimEnd();
const review = (id: string, source: string, at: number | null, url: string | null = null) =>
  copyRow([
    id,
    'r',
    source,
    'expert_review',
    'Fine.\tReally',
    url,
    '{"comfort": 80}',
    81.5,
    at,
    '["light"]',
    '[]',
  ]).trimEnd();
const offer = (id: string, offerId: string) =>
  copyRow([id, 'o', offerId, 'Shop', 'https://shop.example/x', null, null, 19.99, 0]).trimEnd();

describe('readProducts', () => {
  it('gathers each product with its reviews and offers, its own row wherever it comes', () => {
    const lines = [
      review('a\\1', 'Lab', Date.UTC(2025, 2, 1, 12, 0, 0, 250), 'https://lab.example/a'),
      product('a\\1', 'Acme X1'),
      offer('a\\1', '7'),
      product('b', 'Acme X2'),
    ];
    expect(lines.map(rowProductId)).toEqual(['a\\\\1', 'a\\\\1', 'a\\\\1', 'b']);
    expect([...readProducts(lines)]).toEqual([
      {
        id: 'a\\1',
        name: 'Acme X1',
        brand: 'Acme',
        category: 'headphones',
        reviews: [
          {
            source: 'Lab',
            sourceType: 'expert_review',
            summary: 'Fine.\tReally',
            url: 'https://lab.example/a',
            criteria: { comfort: 80 },
            score: 81.5,
            reviewedAt: new Date('2025-03-01T12:00:00.250Z'),
            pros: ['light'],
            cons: [],
          },
        ],
        offers: [
          {
            offerId: '7',
            retailerName: 'Shop',
            url: 'https://shop.example/x',
            price: 19.99,
            priceAsOf: new Date(0),
          },
        ],
      },
      { id: 'b', name: 'Acme X2', brand: 'Acme', category: 'headphones', reviews: [], offers: [] },
    ]);
  });

  it('reads a review without a page or a date as null', () => {
    const [read] = readProducts([product('a', 'A'), review('a', 'Forum', null)]);
    expect(read!.reviews[0]).toMatchObject({ url: null, reviewedAt: null });
  });

  it('gives each product as soon as its rows are read, before reading the next', () => {
    const products = readProducts([product('a', 'A'), offer('a', '7'), 'b\tq\tx']);
    expect(products.next().value).toMatchObject({ id: 'a', offers: [{ offerId: '7' }] });
    expect(() => products.next()).toThrow('not a product row');
  });

  it('refuses rows whose product is not among them, or that are not product rows', () => {
    expect(() => [...readProducts([review('a', 'Lab', 0), product('b', 'B')])]).toThrow(
      'reviews or offers of a product not read: a',
    );
    expect(() => [...readProducts(['a\tq\tx'])]).toThrow('not a product row');
    expect(() => [...readProducts(['a\tp\t\\N\tAcme\tc\tn'])]).toThrow('without its name');
  });
});
