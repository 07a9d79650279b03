import { describe, expect, it } from '@jest/globals';
import { jsonLdBlocks, type JsonLdBlock } from './json-ld-blocks.js';
import { jsonLdProducts, ratingOf } from './json-ld.js';

describe(ratingOf.name, () => {
  it('puts ratings of any scale on 0 to 100', () => {
    expect(ratingOf({ ratingValue: 4.5 })).toBe(87.5); // of 1 to 5
    expect(ratingOf({ ratingValue: '8', bestRating: '10', worstRating: '0' })).toBe(80);
    expect(ratingOf({ ratingValue: 1 })).toBe(0);
    expect(ratingOf({ ratingValue: 'great' })).toBeUndefined();
    expect(ratingOf({ ratingValue: 3, bestRating: 1, worstRating: 1 })).toBeUndefined();
  });

  it('reads a decimal comma, and a value outside its scale as no rating', () => {
    expect(ratingOf({ ratingValue: '4,5' })).toBe(87.5);
    expect(ratingOf({ ratingValue: 0 })).toBeUndefined(); // "not rated yet"
    expect(ratingOf({ ratingValue: 8 })).toBeUndefined(); // of 10, unsaid
    expect(ratingOf({ ratingValue: 0, worstRating: 0 })).toBe(0);
  });
});

describe(jsonLdProducts.name, () => {
  it('finds products in a graph, in lists and alone, with their offers and reviews', async () => {
    const page = `<html><head>
<script type="application/ld+json">{"@type": "WebSite", "name": "Shop"}</script>
<script type='application/ld+json'>
{"@context": "https://schema.org", "@graph": [{"@type": ["Product"], "name": "Kettleworks Brew 50",
 "brand": {"@type": "Brand", "name": "Kettleworks"}, "gtin12": "036000291452", "mpn": "KW-B50",
 "offers": {"@type": "AggregateOffer", "lowPrice": "30", "offers": [
   {"@type": "Offer", "price": 35.5, "priceCurrency": "USD", "url": "https://a.example/k", "seller": {"name": "A"}}]},
 "review": [{"@type": "Review", "author": {"@type": "Person", "name": "Ann"},
   "reviewRating": {"ratingValue": "4"}, "reviewBody": "Boils fast.",
   "positiveNotes": {"@type": "ItemList", "itemListElement": [{"@type": "ListItem", "name": "Fast"}]}}],
 "aggregateRating": {"ratingValue": 4.2, "ratingCount": "17"}}]}
</script></head></html>`;
    const blocks: JsonLdBlock[] = [];
    for await (const block of jsonLdBlocks([page], true)) if ('json' in block) blocks.push(block);
    expect(blocks.map((b) => b.line)).toEqual([2, 3]);
    const products = blocks.flatMap((b) => jsonLdProducts(JSON.parse(b.json) as unknown, b.line));
    expect(products).toEqual([
      {
        line: 3,
        name: 'Kettleworks Brew 50',
        brand: 'Kettleworks',
        gtins: ['036000291452'],
        mpn: 'KW-B50',
        offers: [{ price: '35.5', currency: 'USD', url: 'https://a.example/k', seller: 'A' }],
        reviews: [{ author: 'Ann', score: 75, body: 'Boils fast.', pros: ['Fast'], cons: [] }],
        rating: { score: 80, count: 17 },
      },
    ]);
  });

  it("reads who wrote and published a review, and an aggregate's larger count", () => {
    const [product] = jsonLdProducts(
      {
        '@type': 'Product',
        review: [
          {
            author: { '@type': 'Organization', name: 'Light Lab' },
            publisher: { '@type': 'Organization', name: 'Lamp Monthly' },
            url: 'https://lamps.example/r',
            reviewRating: { ratingValue: 4 },
          },
          { author: [{ '@type': 'Person', name: 'Ann' }], reviewRating: { ratingValue: 5 } },
        ],
        aggregateRating: { ratingValue: '4.2', ratingCount: '1,250', reviewCount: '31' },
      },
      1,
    );
    expect(product!.reviews).toEqual([
      {
        author: 'Light Lab',
        byOrganization: true,
        publisher: 'Lamp Monthly',
        url: 'https://lamps.example/r',
        score: 75,
        pros: [],
        cons: [],
      },
      { author: 'Ann', score: 100, pros: [], cons: [] },
    ]);
    expect(product!.rating).toEqual({ score: 80, count: 1250 });
    const empty = jsonLdProducts(
      { '@type': 'Product', aggregateRating: { ratingValue: 5, reviewCount: 0 } },
      1,
    );
    expect(empty[0]!.rating).toBeUndefined();
  });

  it('reads odd values without throwing', () => {
    for (const value of [
      null,
      7,
      'Product',
      [],
      [{ '@type': 'Product' }],
      { '@graph': 'x' },
      { '@type': 'Product', offers: [null, 3], review: 'x', brand: [] },
    ])
      expect(() => jsonLdProducts(value, 1)).not.toThrow();
  });
});
