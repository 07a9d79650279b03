import { describe, expect, it } from '@jest/globals';
import { CatalogPriors } from './priors.js';

describe('CatalogPriors', () => {
  const priors = new CatalogPriors(
    [
      { category: 'kettles', criterion: 'speed', mean: 80, ratings: 3 },
      { category: 'toasters', criterion: 'speed', mean: 60, ratings: 1 },
      { category: 'toasters', criterion: 'materials', mean: 70, ratings: 2 },
    ],
    [
      { category: 'kettles', mean: 75, reviews: 4 },
      { category: 'toasters', mean: 65, reviews: 1 },
    ],
  );

  it("gives a category its own means where it has them, else the catalog's, weighted", () => {
    const kettles = priors.of('kettles');
    expect(kettles.criteria.speed).toEqual({ mean: 80, basis: 'category_prior' });
    expect(kettles.criteria.materials).toEqual({ mean: 70, basis: 'catalog_prior' });
    expect(kettles.overall).toEqual({ mean: 75, basis: 'category_prior' });
    const unknown = priors.of('lamps');
    expect(unknown.criteria.speed).toEqual({ mean: 75, basis: 'catalog_prior' }); // (240 + 60) / 4
    expect(unknown.overall).toEqual({ mean: 73, basis: 'catalog_prior' }); // (300 + 65) / 5
  });

  it('gives the middle of the scale where no product has the rating', () => {
    const empty = new CatalogPriors([], []);
    expect(empty.of('kettles').criteria.comfort).toEqual({ mean: 50, basis: 'catalog_prior' });
    expect(empty.of('kettles').overall).toEqual({ mean: 50, basis: 'catalog_prior' });
    expect(priors.of('kettles').criteria.comfort).toEqual({ mean: 50, basis: 'catalog_prior' });
  });
});
