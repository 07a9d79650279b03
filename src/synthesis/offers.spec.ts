import { describe, expect, it } from '@jest/globals';
import { startingPrice, toOffers } from './offers.js';
import { toSourceConsensus } from './source-consensus.js';
import { review } from './synthesis.fixtures.js';
import type { OfferRecord, ReviewRecord } from './synthesis.types.js';

const offer = (offerId: string, retailerName: string, price: number): OfferRecord => ({
  offerId,
  retailerName,
  price,
  priceAsOf: new Date(Date.UTC(2026, 10, 1, 10)),
  url: `https://${retailerName.toLowerCase()}.example/p/${offerId}`,
});
const buyUrl = (o: OfferRecord) => `https://api.example/r/${o.offerId}`;

describe('toOffers', () => {
  const offers = [
    offer('o3', 'Brightcart', 349),
    offer('o2', 'ValueNest', 329.5),
    offer('o4', 'Brightcart', 329.5),
    offer('o1', 'ValueNest', 329.5),
  ];

  it('sorts by price, then retailer name, then offer id', () => {
    expect(toOffers(offers, buyUrl).map((o) => o.buy_url)).toEqual([
      'https://api.example/r/o4',
      'https://api.example/r/o1',
      'https://api.example/r/o2',
      'https://api.example/r/o3',
    ]);
  });

  it('maps to the contract fields with a UTC timestamp and the tracked link', () => {
    expect(toOffers([offers[0]!], buyUrl)).toEqual([
      {
        retailer_name: 'Brightcart',
        price: 349,
        price_as_of: '2026-11-01T10:00:00.000Z',
        buy_url: 'https://api.example/r/o3',
      },
    ]);
  });

  it('does not reorder its input', () => {
    toOffers(offers, buyUrl);
    expect(offers.map((o) => o.offerId)).toEqual(['o3', 'o2', 'o4', 'o1']);
  });
});

describe('startingPrice', () => {
  it('is the lowest price, or null without offers', () => {
    expect(startingPrice([offer('a', 'X', 349), offer('b', 'Y', 329.5)])).toBe(329.5);
    expect(startingPrice([])).toBeNull();
  });
});

describe('toSourceConsensus', () => {
  const says = (source: string, sourceType: ReviewRecord['sourceType'], score: number) =>
    review(source, sourceType, score, {}, { summary: `${source} says` });
  const entry = (source: string, source_type: ReviewRecord['sourceType'], score: number) => ({
    source,
    source_type,
    score,
    summary: `${source} says`,
    url: null,
    reviewed_at: null,
  });

  it('lists one entry per review: lab, expert, users, community, then by name', () => {
    const reviews = [
      says('Forum Folks', 'community', 70),
      says('ShopperVoice', 'user_reviews', 81.25),
      says('Kestrel Labs', 'lab_test', 90),
      says('Gadget Ledger', 'expert_review', 84),
      says('Calder Metrics', 'lab_test', 88.04),
    ];
    expect(toSourceConsensus(reviews)).toEqual([
      entry('Calder Metrics', 'lab_test', 88),
      entry('Kestrel Labs', 'lab_test', 90),
      entry('Gadget Ledger', 'expert_review', 84),
      entry('ShopperVoice', 'user_reviews', 81.3),
      entry('Forum Folks', 'community', 70),
    ]);
  });

  it("cites the review's page and date", () => {
    const cited = review(
      'Kestrel Labs',
      'lab_test',
      90,
      {},
      {
        url: 'https://kestrel.example/r/1',
        reviewedAt: new Date('2026-10-02T00:00:00Z'),
      },
    );
    expect(toSourceConsensus([cited])[0]).toMatchObject({
      url: 'https://kestrel.example/r/1',
      reviewed_at: '2026-10-02T00:00:00.000Z',
    });
  });
});
