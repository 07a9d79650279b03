import { describe, expect, it } from '@jest/globals';
import { startingPrice, toOffers } from './offers.js';
import { toSourceConsensus } from './source-consensus.js';
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
  const review = (source: string, sourceType: ReviewRecord['sourceType'], score: number) =>
    ({ source, sourceType, score, summary: `${source} says`, criteria: {} }) as ReviewRecord;

  it('lists one entry per review: lab, expert, users, community, then by name', () => {
    const reviews = [
      review('Forum Folks', 'community', 70),
      review('ShopperVoice', 'user_reviews', 81.25),
      review('Kestrel Labs', 'lab_test', 90),
      review('Gadget Ledger', 'expert_review', 84),
      review('Calder Metrics', 'lab_test', 88.04),
    ];
    expect(toSourceConsensus(reviews)).toEqual([
      {
        source: 'Calder Metrics',
        source_type: 'lab_test',
        score: 88,
        summary: 'Calder Metrics says',
      },
      { source: 'Kestrel Labs', source_type: 'lab_test', score: 90, summary: 'Kestrel Labs says' },
      {
        source: 'Gadget Ledger',
        source_type: 'expert_review',
        score: 84,
        summary: 'Gadget Ledger says',
      },
      {
        source: 'ShopperVoice',
        source_type: 'user_reviews',
        score: 81.3,
        summary: 'ShopperVoice says',
      },
      { source: 'Forum Folks', source_type: 'community', score: 70, summary: 'Forum Folks says' },
    ]);
  });
});
