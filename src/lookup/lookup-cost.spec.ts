import { describe, expect, it } from '@jest/globals';
import { parseBrowseArguments } from './browse/browse-request.schema.js';
import { lookupCost } from './lookup-cost.js';
import { parseBatchLookup, parseSingleLookup } from './lookup-request.schema.js';

describe(lookupCost.name, () => {
  it('charges 1 for a single name', () => {
    expect(lookupCost(parseSingleLookup({ product_name: 'Sony WH-1000XM5' }))).toBe(1);
  });

  it('charges N for a batch of N names', () => {
    const request = parseBatchLookup({ product_names: ['a b', 'c d', 'e f'] });
    expect(lookupCost(request)).toBe(3);
  });
});

describe(`${lookupCost.name} of browsing`, () => {
  it('charges 1 for the list of categories and 1 for a page, whatever its size', () => {
    expect(lookupCost(parseBrowseArguments({}))).toBe(1);
    expect(lookupCost(parseBrowseArguments({ category: 'headphones', limit: 20 }))).toBe(1);
  });
});
