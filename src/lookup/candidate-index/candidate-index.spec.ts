import { describe, expect, it } from '@jest/globals';
import { NAMES_SEPARATOR } from '../../names/name-normaliser.js';
import { CandidateIndex, type IndexedProduct } from './candidate-index.js';
import { ExactKeys } from './exact-keys.js';
import { trigrams, trigramSimilarity } from './trigrams.js';

const product = (id: string, ...names: string[]): IndexedProduct => ({
  id,
  name: names[0]!,
  brand: 'Kestral',
  category: 'Kettles',
  names: names.join(NAMES_SEPARATOR),
});

/** Invented products, each search name its words as terms. */
function indexOf(products: IndexedProduct[]): CandidateIndex {
  const names = products.flatMap((p, i) =>
    p.names.split(NAMES_SEPARATOR).map((name) => ({ product: i, terms: name })),
  );
  const df = new Map<string, number>([['', names.length]]);
  for (const { terms } of names)
    for (const term of new Set(terms.split(' '))) df.set(term, (df.get(term) ?? 0) + 1);
  const terms = [...df.keys()].sort();
  const vocabulary = {
    terms: terms.join(' '),
    df: Int32Array.from(terms, (term) => df.get(term)!),
    siblings: Int32Array.from(terms, (term) => (term === 'red' ? 2 : 0)),
  };
  return new CandidateIndex(products, vocabulary, names);
}

const weighted = (...pairs: [string, number][]) =>
  pairs.map(([term, weight]) => ({ term, weight }));

describe('trigrams', () => {
  it('reads words as pg_trgm does: padded, lowercase, each trigram once', () => {
    expect([...trigrams('Word')].sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor']);
    expect(trigrams('aaaa').size).toBe(4); // "  a", " aa", "aaa" once, "aa "
    expect(trigrams('ab-cd')).toEqual(new Set([...trigrams('ab'), ...trigrams('cd')]));
  });

  it('measures similarity as shared trigrams over their union, in single precision', () => {
    // similarity('word', 'words') is 0.5714286 in PostgreSQL: 4 shared of 5 and 6.
    expect(trigramSimilarity(4, 5, 6)).toBe(Math.fround(4 / 7));
    expect(trigramSimilarity(0, 0, 6)).toBe(0);
  });
});

describe(CandidateIndex.name, () => {
  const index = indexOf([
    product('k-200', 'kestral kettle k200 red', 'k200 red'),
    product('k-100', 'kestral kettle k100 blue'),
    product('k-300', 'kestral toaster k300 red'),
    product('a-300', 'kestral toaster k300 blue'),
  ]);

  it('gives each term the vocabulary holds once, with its counts', () => {
    expect(index.findTerms(['k200', 'red', 'red', 'nothing'], [], 3)).toEqual([
      { queryTerm: 'k200', term: 'k200', df: 2, similarity: 1, siblings: 0 },
      { queryTerm: 'red', term: 'red', df: 3, similarity: 1, siblings: 2 },
    ]);
  });

  it('reads terms past U+FFFF in byte order, as PostgreSQL orders them (COLLATE "C")', () => {
    // UTF-8 puts U+FF5A before U+1D49C; UTF-16's code units put it after.
    const terms = ['abc', '\uff5a', '\u{1d49c}'];
    const vocabulary = {
      terms: terms.join(' '),
      df: Int32Array.of(1, 2, 3),
      siblings: new Int32Array(3),
    };
    const wide = new CandidateIndex([], vocabulary, []);
    expect(wide.findTerms(terms, [], 3).map((m) => m.df)).toEqual([1, 2, 3]);
    const unordered = { ...vocabulary, terms: [...terms].sort().join(' ') };
    expect(() => new CandidateIndex([], unordered, [])).toThrow('byte order');
  });

  it('gives a misspelt word its closest digit-free terms, equally close ones in byte order', () => {
    const close = index.findTerms([], ['kettel', 'toastre', 'kettle', 'zzzz'], 1);
    expect(close.map((m) => [m.queryTerm, m.term])).toEqual([
      ['kettel', 'kettle'],
      ['toastre', 'toaster'],
    ]);
    // pg_trgm's distance is rounded to float4 and read back: 1 - (1 - s).
    const [kettel] = close;
    expect(kettel!.similarity).toBeCloseTo(4 / 10, 6);
    expect(kettel!.siblings).toBe(0);
    const [first, second] = index.findTerms([], ['kestrel'], 2);
    expect(first!.term).toBe('kestral');
    expect(second).toBeUndefined();
  });

  it('ranks the products carrying any narrowing term by their best name, ties by id', () => {
    const query = {
      narrow: ['k300', 'k200'],
      all: false,
      weighted: weighted(['k300', 0.5], ['k200', 0.5], ['red', 0.25]),
      whole: 1,
    };
    const [candidates] = index.findCandidates([query], 20);
    expect(candidates!.map((c) => [c.id, c.weight])).toEqual([
      ['k-200', 0.75],
      ['k-300', 0.75],
      ['a-300', 0.5],
    ]);
    expect(candidates![0]!.names).toEqual(['kestral kettle k200 red', 'k200 red']);
    expect(index.findCandidates([query], 2)[0]!.map((c) => c.id)).toEqual(['k-200', 'k-300']);
  });

  it('orders equally weighted products by id in byte order, as PostgreSQL does (COLLATE "C")', () => {
    // UTF-16 puts the emoji's surrogates before U+FFFD; UTF-8 bytes put it after.
    const ids = ['k-\u{1F600}', 'k-\u{FFFD}', 'k-a'];
    const ties = indexOf(ids.map((id) => product(id, 'kestral k200')));
    const query = { narrow: ['k200'], all: false, weighted: weighted(['k200', 1]), whole: 1 };
    const [candidates] = ties.findCandidates([query], 20);
    expect(candidates!.map((c) => c.id)).toEqual(['k-a', 'k-\u{FFFD}', 'k-\u{1F600}']);
  });

  it('takes only names carrying every narrowing term when all of them are asked', () => {
    const query = (narrow: string[]) => ({
      narrow,
      all: true,
      weighted: weighted(['kettle', 0.2], ['red', 0.1], ['toaster', 0.3]),
      whole: 0.6,
    });
    const [red, none, absent] = index.findCandidates(
      [query(['kettle', 'red']), query(['kettle', 'toaster']), query(['kettle', 'unknown'])],
      20,
    );
    expect(red!.map((c) => [c.id, c.weight])).toEqual([['k-200', 0.2 + 0.1]]);
    expect(none).toEqual([]);
    expect(absent).toEqual([]);
  });

  it('sums the weights in the order the query gives them, as the statement does', () => {
    const weights = weighted(['red', 0.1], ['kettle', 0.2], ['k200', 0.7]);
    const query = { narrow: ['k200'], all: false, weighted: weights, whole: 1 };
    const [best] = index.findCandidates([query], 1)[0]!;
    expect(best!.weight).toBe(0.1 + 0.2 + 0.7);
    expect(index.findCandidates([undefined], 20)).toEqual([[]]);
  });
});

describe(ExactKeys.name, () => {
  it("says which names may be exactly a product's, and that no other name is", () => {
    const names = ['kestral kettle k200 red', 'kestral toaster k300 blue'];
    const keys = new ExactKeys({
      text: names.map((name) => name.replaceAll(' ', '')).join(' '),
      count: names.length,
    });
    expect(keys.mayBeExact('kestralkettlek200red')).toBe(true);
    expect(keys.mayBeExact('kestraltoasterk300blue')).toBe(true);
    expect(keys.mayBeExact('kestralkettlek200')).toBe(false);
    expect(keys.mayBeExact('')).toBe(false);
  });
});
