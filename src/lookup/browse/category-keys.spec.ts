import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { categoryKeys, categorySlug } from './category-keys.js';

describe('categorySlug', () => {
  it('folds accents, case and punctuation into a URL-safe key', () => {
    expect(categorySlug('headphones')).toBe('headphones');
    expect(categorySlug('Café & Espresso Machines')).toBe('cafe-espresso-machines');
    expect(categorySlug('  TVs / Monitors (4K) ')).toBe('tvs-monitors-4k');
    expect(categorySlug('Ｈｅａｄｐｈｏｎｅｓ')).toBe('headphones'); // full-width, NFKD
    expect(categorySlug('İstanbul ürünleri')).toBe('istanbul-urunleri');
  });

  it('names a category with no letter or digit of [a-z0-9] "category"', () => {
    expect(categorySlug('')).toBe('category');
    expect(categorySlug('---')).toBe('category');
    expect(categorySlug('家電')).toBe('category');
  });
});

describe('categoryKeys', () => {
  it('gives the later names by name "-2", "-3" when they fold to one key', () => {
    const keys = categoryKeys(['Headphones', 'headphones', 'HEADPHONES', 'tv']);
    expect(Object.fromEntries(keys)).toEqual({
      HEADPHONES: 'headphones',
      Headphones: 'headphones-2',
      headphones: 'headphones-3',
      tv: 'tv',
    });
  });

  it('never takes a key a name folds to by itself', () => {
    const keys = categoryKeys(['a b', 'a-b', 'a b 2', '家電', '電話']);
    expect(Object.fromEntries(keys)).toEqual({
      'a b': 'a-b',
      'a b 2': 'a-b-2',
      'a-b': 'a-b-3',
      家電: 'category',
      電話: 'category-2',
    });
  });

  it('gives every name one URL-safe key of its own, whatever the order they come in', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 30 }), (names) => {
        const keys = categoryKeys(names);
        expect(keys.size).toBe(new Set(names).size);
        expect(new Set(keys.values()).size).toBe(keys.size);
        for (const key of keys.values()) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(categoryKeys([...names].reverse())).toEqual(keys);
      }),
    );
  });
});
