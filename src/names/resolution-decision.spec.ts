import { describe, expect, it } from '@jest/globals';
import {
  CODE_SUGGESTED,
  COVERAGE_WEIGHT,
  decide,
  FOUND_AT,
  MARGIN,
  suggestedAt,
  type ScoredProduct,
} from './resolution-decision.js';

const product = (
  productId: string,
  score: number,
  extra: Partial<ScoredProduct> = {},
): ScoredProduct => ({
  productId,
  name: productId,
  score,
  suggestionScore: score,
  ...extra,
});

describe('decide', () => {
  it('suggests a candidate carrying a code the query writes above one sharing only words', () => {
    expect(suggestedAt(0.1, 0, 'carried')).toBe(CODE_SUGGESTED.carried);
    // Within a code's band, the more of the query's weight a candidate carries, the higher,
    // never up to the next band.
    expect(suggestedAt(0.1, 0.5, 'carried')).toBeGreaterThan(suggestedAt(0.1, 0.2, 'carried'));
    expect(suggestedAt(0, 1, 'anchored')).toBeLessThan(suggestedAt(0, 0, 'identified'));
    expect(suggestedAt(0, 1, 'carried')).toBeLessThan(CODE_SUGGESTED.anchored);
    expect(suggestedAt(0.1, 0.2)).toBeLessThan(CODE_SUGGESTED.carried);
    // Anchored by a rare code, above any candidate that shares only words.
    expect(suggestedAt(0, 0, 'anchored')).toBeGreaterThan(suggestedAt(0, 1));
    expect(CODE_SUGGESTED.anchored).toBeLessThan(FOUND_AT);
    // A candidate's own score still counts when it is higher.
    expect(suggestedAt(0.75, 0, 'carried')).toBe(0.75);
  });

  it('puts a candidate a code identifies above every one the words leave under the line', () => {
    // The words' scores are hundredths: the best under the line is 0.79.
    const underTheLine = FOUND_AT - 0.01;
    expect(suggestedAt(0, 0, 'identified')).toBeGreaterThan(suggestedAt(underTheLine, 1));
    expect(suggestedAt(0, 0, 'identified')).toBeGreaterThan(suggestedAt(0, 0, 'anchored'));
    expect(suggestedAt(0, 0, 'identified')).toBeLessThan(FOUND_AT);
    const decision = decide([
      product('by-words', underTheLine),
      product('by-code', 0, {
        rejected: 'number 400',
        suggestionScore: suggestedAt(0, 0, 'identified'),
      }),
    ]);
    expect(decision.found).toBeUndefined();
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['by-code', 'by-words']);
  });

  it('finds the one product a code identifies, however close the words put another', () => {
    const decision = decide([
      product('by-words', 0.95),
      product('by-code', 0.9, { identified: true }),
    ]);
    expect(decision.found?.productId).toBe('by-code');
    expect(decision.reason).toMatch(/writes its code/);
    // Codes of two products: the query does not say which.
    const two = decide([
      product('a', 0.9, { identified: true }),
      product('b', 0.9, { identified: true }),
    ]);
    expect(two.found).toBeUndefined();
    expect(two.suggestions.map((s) => s.productId)).toEqual(['a', 'b']);
    // A name the query gives exactly still decides first.
    const exact = decide([
      product('a', 0.9, { identified: true }),
      product('b', 1, { exact: true }),
    ]);
    expect(exact.found?.productId).toBe('b');
  });

  it('finds the best product when it is confident and clearly ahead, and suggests the others', () => {
    const decision = decide([product('b', 0.6), product('a', 0.95), product('c', 0.1)]);
    expect(decision.found?.productId).toBe('a');
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['b']); // c is below the suggestion floor
  });

  it('finds nothing where the name is refused already, and suggests what it would have found first', () => {
    const why = 'best 0.600 is below 0.8';
    const decision = decide([product('b', 0.6), product('a', 0.95)], undefined, why);
    expect(decision).toMatchObject({ reason: why });
    expect(decision.found).toBeUndefined();
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['a', 'b']);
  });

  it("suggests a candidate by the query's weight it carries, and decides by score alone", () => {
    // The right product of a long title carries its code, yet the rules score it low.
    const carried = product('right', 0.1, { suggestionScore: suggestedAt(0.1, 1) });
    const decision = decide([product('near', 0.3), carried]);
    expect(decision.found).toBeUndefined();
    expect(decision.suggestions.map((s) => [s.productId, s.suggestionScore])).toEqual([
      ['right', COVERAGE_WEIGHT],
      ['near', 0.3],
    ]);
    expect(COVERAGE_WEIGHT).toBeLessThan(FOUND_AT);
    // Whatever the candidates carry, a decision and its reason are the ones their scores give.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 2000; round++) {
      const scored = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) => {
        const score = Math.round(random() * 100) / 100;
        return { id: `p${i}`, score, coverage: random() };
      });
      const plain = decide(scored.map((p) => product(p.id, p.score)));
      const covered = decide(
        scored.map((p) =>
          product(p.id, p.score, { suggestionScore: suggestedAt(p.score, p.coverage) }),
        ),
      );
      expect([covered.found?.productId, covered.reason]).toEqual([
        plain.found?.productId,
        plain.reason,
      ]);
    }
  });

  it('offers a suggestion stating another value of a kind the query states below the rest', () => {
    const black = product('black', 0.3, { suggestionScore: 0.6 });
    const blue = product('blue', 0.3, { suggestionScore: 0.6 });
    const white = product('white', 0.2, { suggestionScore: 0.5 });
    // Its code's evidence weighed its values already: not weighed twice.
    const red = product('red', 0.2, { suggestionScore: 0.55, contradicted: true });
    const read: string[] = [];
    const contradicts = (p: ScoredProduct) => {
      read.push(p.productId);
      return p.productId !== 'white';
    };
    const decision = decide([black, blue, white, red], contradicts);
    expect(decision.suggestions.map((s) => [s.productId, s.suggestionScore])).toEqual([
      ['red', 0.55],
      ['white', 0.5],
      ['black', 0.36],
      ['blue', 0.36],
    ]);
    expect(read.sort()).toEqual(['black', 'blue', 'white']);
    // The decision is the scores' alone.
    expect(decision.reason).toBe(decide([black, blue, white, red]).reason);
  });

  it('never finds by its words a candidate stating another value of a kind the query states', () => {
    const midnight = product('midnight', 0.94);
    const decision = decide([midnight], () => true);
    expect(decision.found).toBeUndefined();
    expect(decision.reason).toMatch(/another value of a kind/);
    expect(decision.suggestions[0]).toMatchObject({ productId: 'midnight', contradicted: true });
    expect(decide([midnight], () => false).found?.productId).toBe('midnight');
  });

  it('refuses when the best is not confident on its own', () => {
    expect(decide([product('a', FOUND_AT - 0.01)]).found).toBeUndefined();
  });

  it('refuses when the runner-up is close, and suggests both', () => {
    const decision = decide([product('a', 0.9), product('b', 0.9 - MARGIN / 2)]);
    expect(decision.found).toBeUndefined();
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['a', 'b']);
    expect(decision.reason).toMatch(/within/);
  });

  it('compares leads as decimals: a lead of exactly the margin is not clearly ahead', () => {
    // 0.82 - 0.72 is 0.09999999999999998 in floating point, 1 - 0.9 is 0.09999999999999998:
    // both are the margin, and neither is more.
    expect(decide([product('a', 0.82), product('b', 0.72)]).reason).toMatch(/within/);
    expect(decide([product('a', 1), product('b', 0.9)]).reason).toMatch(/within/);
    expect(decide([product('a', 0.83), product('b', 0.72)]).found?.productId).toBe('a');
  });

  it('never finds a rejected candidate, however high its score', () => {
    const decision = decide([product('a', 0, { rejected: 'number 4', suggestionScore: 0.45 })]);
    expect(decision.found).toBeUndefined();
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['a']);
  });

  it('finds an exact name however close a sibling scores, unless two are exact', () => {
    expect(decide([product('a', 1, { exact: true }), product('b', 0.95)]).found?.productId).toBe(
      'a',
    );
    expect(
      decide([product('a', 1, { exact: true }), product('b', 1, { exact: true })]).found,
    ).toBeUndefined();
  });

  it('finds the one product a query names whole, typos forgiven, over a sibling that says more', () => {
    const whole = product('deskjet-1050', 0.94, { complete: true });
    const series = product('deskjet-1050-series', 0.93);
    expect(decide([series, whole]).found?.productId).toBe('deskjet-1050');
    // Two named whole, or one that scores below a sibling: the usual rules decide.
    expect(decide([whole, product('other', 0.94, { complete: true })]).found).toBeUndefined();
    expect(decide([whole, product('closer', 0.97)]).found).toBeUndefined();
    expect(decide([product('weak', FOUND_AT - 0.01, { complete: true })]).found).toBeUndefined();
  });

  it('never finds a candidate another reads as closely, which still counts as a runner-up', () => {
    const title = product('video-player', 0.88, { outreadBy: 'sansa fuze 4 gb mp3 player' });
    const decision = decide([title, product('mp3-player', 0.68)]);
    expect(decision.found).toBeUndefined();
    expect(decision.reason).toMatch(
      /"sansa fuze 4 gb mp3 player" names as much of the query as its best/,
    );
    expect(decision.suggestions.map((s) => s.productId)).toEqual(['video-player', 'mp3-player']);
    // Its score still stands against the one that reads as closely: neither leads.
    const named = product('short', 0.94, { complete: true });
    const outread = product('long', 0.94, { complete: true, outreadBy: 'short' });
    expect(decide([named, outread]).found).toBeUndefined();
  });

  it('suggests at most five, best first', () => {
    const many = Array.from({ length: 9 }, (_, i) => product(`p${i}`, 0.3 + i * 0.01));
    expect(decide(many).suggestions.map((s) => s.productId)).toEqual([
      'p8',
      'p7',
      'p6',
      'p5',
      'p4',
    ]);
  });
});
