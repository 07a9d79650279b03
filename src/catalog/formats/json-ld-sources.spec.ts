import { describe, expect, it } from '@jest/globals';
import { jsonLdProducts } from '../../feeds/json-ld.js';
import { reviewSchema } from '../catalog-line.schema.js';
import { jsonLdSources } from './json-ld-sources.js';

/** The sources of the one Product of a JSON-LD value, each checked against the catalog schema. */
function sourcesOf(product: Record<string, unknown>, page = 'pages/a.html') {
  const [read] = jsonLdProducts({ '@type': 'Product', name: 'Lamp', ...product }, 1);
  const sources = jsonLdSources(read!, page);
  for (const source of sources) expect(reviewSchema.parse(source)).toEqual(source);
  return sources;
}

const shop = {
  url: 'https://www.a.example/lamp',
  offers: { price: '25', priceCurrency: 'USD', seller: { name: 'Shop A' } },
};
const customer = (name: string, stars: number | string, extra: object = {}) => ({
  '@type': 'Review',
  author: { '@type': 'Person', name },
  reviewRating: { '@type': 'Rating', ratingValue: stars },
  ...extra,
});

describe(jsonLdSources.name, () => {
  it('makes the customer reviews of a page one user_reviews source: the site, their mean, how many', () => {
    expect(
      sourcesOf({
        ...shop,
        review: [
          customer('Ann', 5, { datePublished: '2026-10-01', positiveNotes: ['Bright'] }),
          customer('Bo', '4', { datePublished: '2026-11-02', positiveNotes: ['bright!'] }),
          customer('Cy', 'n/a'), // unrated: cannot be weighed
        ],
      }),
    ).toEqual([
      {
        source: 'a.example',
        source_type: 'user_reviews',
        score: 87.5,
        summary: 'Customers rate it 87.5/100 on average (2 reviews).',
        url: 'https://www.a.example/lamp',
        reviewed_at: '2026-11-02T00:00:00Z',
        pros: ['Bright'],
      },
    ]);
  });

  it("takes a page's aggregateRating as its customers' source, with how many it covers", () => {
    const aggregate = { '@type': 'AggregateRating', ratingValue: '4.2', reviewCount: '31' };
    expect(sourcesOf({ ...shop, aggregateRating: aggregate })).toEqual([
      {
        source: 'a.example',
        source_type: 'user_reviews',
        score: 80,
        summary: 'Customers rate it 80/100 on average (31 ratings).',
        url: 'https://www.a.example/lamp',
      },
    ]);
    // It covers more than the reviews a page lists: it wins, and they add their dates and notes.
    const both = sourcesOf({
      ...shop,
      aggregateRating: aggregate,
      review: [customer('Ann', 5, { datePublished: '2026-10-01', negativeNotes: 'Heavy' })],
    });
    expect(both).toEqual([
      expect.objectContaining({ score: 80, reviewed_at: '2026-10-01T00:00:00Z', cons: ['Heavy'] }),
    ]);
    // One that says it covers fewer than the page lists is stale: the reviews' mean stands.
    const stale = sourcesOf({
      ...shop,
      aggregateRating: { ratingValue: 1, ratingCount: 1 },
      review: [customer('Ann', 5), customer('Bo', 4)],
    });
    expect(stale).toEqual([expect.objectContaining({ score: 87.5 })]);
  });

  it('reads ratingCount and reviewCount as written, and an empty aggregate as none', () => {
    const scored = (aggregateRating: object) => sourcesOf({ ...shop, aggregateRating });
    expect(scored({ ratingValue: '4,5', ratingCount: '1,234', reviewCount: 80 })).toEqual([
      expect.objectContaining({
        score: 87.5,
        summary: 'Customers rate it 87.5/100 on average (1234 ratings).',
      }),
    ]);
    expect(scored({ ratingValue: 8.6, bestRating: 10, worstRating: 0 })).toEqual([
      expect.objectContaining({ score: 86, summary: 'Customers rate it 86/100 on average.' }),
    ]);
    expect(scored({ ratingValue: 0, reviewCount: 0 })).toEqual([]);
    expect(scored({ ratingValue: 4, reviewCount: 0 })).toEqual([]);
  });

  it("keeps a publication's review a source of its own, an expert_review", () => {
    const sources = sourcesOf({
      ...shop,
      review: [
        customer('Ann', 4),
        customer('Dee', 4.4, {
          publisher: { '@type': 'Organization', name: 'Lamp Monthly' },
          reviewBody: 'The best desk lamp\nof the year.',
          url: 'https://lamps.example/review',
        }),
        {
          author: { '@type': 'Organization', name: 'Light Lab' },
          reviewRating: { ratingValue: 9, bestRating: 10 },
        },
      ],
    });
    expect(sources).toEqual([
      {
        source: 'a.example',
        source_type: 'user_reviews',
        score: 75,
        summary: '1 customer review rates it 75/100.',
        url: 'https://www.a.example/lamp',
      },
      {
        source: 'Lamp Monthly',
        source_type: 'expert_review',
        score: 85,
        summary: 'The best desk lamp of the year.',
        url: 'https://lamps.example/review',
      },
      {
        source: 'Light Lab',
        source_type: 'expert_review',
        score: 88.9,
        summary: 'Rated 88.9/100.',
      },
    ]);
  });

  it("keeps a publication's verdict on its own page the publication's", () => {
    const page = sourcesOf({
      url: 'https://lampmonthly.example/glowline-review',
      review: customer('Dee', 4, { publisher: { '@type': 'Organization', name: 'Lamp Monthly' } }),
    });
    expect(page).toEqual([
      expect.objectContaining({ source: 'Lamp Monthly', source_type: 'expert_review', score: 75 }),
    ]);
  });

  it('takes reviews a shop publishes under its own name as its customers', () => {
    const published = { publisher: { '@type': 'Organization', name: 'Shop A' } };
    // Named as the page's seller, or named by several reviews: the shop, not a publication.
    expect(sourcesOf({ ...shop, review: [customer('Ann', 4, published)] })).toEqual([
      expect.objectContaining({ source: 'Shop A', source_type: 'user_reviews' }),
    ]);
    const noShop = sourcesOf({
      review: [customer('Ann', 4, published), customer('Bo', 2, published)],
    });
    expect(noShop).toEqual([
      expect.objectContaining({ source: 'Shop A', source_type: 'user_reviews', score: 50 }),
    ]);
  });

  it('names the site by its seller or its offers when the page has no url, else by the page', () => {
    const review = [customer('Ann', 4)];
    const offer = (seller: string, url: string) => ({ price: 1, seller, url });
    expect(sourcesOf({ offers: offer('Shop B', 'https://b.example/x'), review })).toEqual([
      expect.objectContaining({ source: 'Shop B' }),
    ]);
    const two = [offer('Shop B', 'https://b.example/x'), offer('Shop C', 'https://b.example/y')];
    expect(sourcesOf({ offers: two, review })).toEqual([
      expect.objectContaining({ source: 'b.example' }),
    ]);
    expect(sourcesOf({ review }, 'pages/lamp.html')).toEqual([
      expect.objectContaining({ source: 'pages/lamp.html' }),
    ]);
  });

  it('gives the page no source when nothing on it is rated', () => {
    expect(sourcesOf({ ...shop })).toEqual([]);
    expect(sourcesOf({ ...shop, review: [{ author: 'Ann', reviewBody: 'Nice.' }] })).toEqual([]);
  });
});
