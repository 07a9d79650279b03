import { describe, expect, it } from '@jest/globals';
import { validateFeedItem } from './feed-item.js';

const item = {
  line: 3,
  title: 'Northwind Aero 2',
  price: '15.00 USD',
  link: 'https://shop.example/a',
};

describe(validateFeedItem.name, () => {
  it('reads prices as feeds write them, in US dollars', () => {
    for (const price of ['15.00 USD', 'USD 15.00', '15', '15.00USD'])
      expect(validateFeedItem({ ...item, price })).toMatchObject({ price: 15 });
    expect(validateFeedItem({ ...item, price: '1,299.00 USD' })).toMatchObject({ price: 1299 });
    expect(validateFeedItem({ ...item, price: '15', currency: 'usd' })).toMatchObject({
      price: 15,
    });
  });

  it('keeps barcodes as 14 digits, and drops empty fields', () => {
    expect(validateFeedItem({ ...item, gtin: '0 36000 29145 2', brand: ' ', mpn: 'A-1' })).toEqual({
      line: 3,
      title: 'Northwind Aero 2',
      price: 15,
      link: 'https://shop.example/a',
      gtin: '00036000291452',
      mpn: 'A-1',
    });
  });

  it('names every problem of an item', () => {
    expect(
      validateFeedItem({
        line: 4,
        file: 'a.html',
        price: '12 EUR',
        link: 'ftp://x',
        gtin: '036000291453',
        availability: 'out_of_stock',
      }),
    ).toEqual([
      { line: 4, file: 'a.html', field: 'title', message: 'required' },
      {
        line: 4,
        file: 'a.html',
        field: 'price',
        message: `"12 EUR" is in EUR: the catalog's prices are in USD`,
      },
      { line: 4, file: 'a.html', field: 'link', message: '"ftp://x" is not an http or https URL' },
      {
        line: 4,
        file: 'a.html',
        field: 'gtin',
        message: '"036000291453" ends in 3, but its check digit is 2',
      },
      { line: 4, file: 'a.html', field: 'availability', message: 'out_of_stock: not an offer' },
    ]);
    expect(validateFeedItem({ ...item, price: 'call us' })).toEqual([
      { line: 3, field: 'price', message: '"call us" is not a price such as 15.00 USD' },
    ]);
    expect(validateFeedItem({ ...item, price: '0 USD' })).toEqual([
      { line: 3, field: 'price', message: 'must be greater than 0' },
    ]);
  });
});
