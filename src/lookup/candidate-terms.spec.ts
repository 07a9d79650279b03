import { describe, expect, it } from '@jest/globals';
import { candidateTerms, SMALL_POOL, termCounts, type TermMatch } from './candidate-terms.js';

describe(candidateTerms.name, () => {
  const match = (term: string, df: number, similarity = 1) => ({
    queryTerm: term,
    siblings: 0,
    term,
    df,
    similarity,
  });

  it('narrows by the rarest terms and weighs every term', () => {
    const chosen = candidateTerms([match('sony', 2_000), match('1000xm5', 2), match('wh', 40)])!;
    expect(chosen.narrow).toEqual(['1000xm5', 'wh']); // sony would read too many names
    expect(chosen.all).toBe(false);
    expect(chosen.weighted.map((w) => w.term)).toEqual(['1000xm5', 'wh', 'sony']);
  });

  it('weighs a name carrying every term of the query, each term at its best stand-in once', () => {
    const misspelt = { ...match('orbital', 10, 0.5), queryTerm: 'orbitl' };
    const chosen = candidateTerms([match('sony', 2_000), match('orbit', 30), misspelt])!;
    const weight = (t: string) => chosen.weighted.find((w) => w.term === t)!.weight;
    expect(chosen.whole).toBeCloseTo(weight('sony') + weight('orbit') + weight('orbital'));
    const twice = candidateTerms([match('orbit', 30), { ...misspelt, queryTerm: 'orbit' }])!;
    expect(twice.whole).toBeCloseTo(1 / Math.log(32)); // "orbit" once, at its best
  });

  it("puts the query's own terms before close stand-ins for a misspelt word", () => {
    const chosen = candidateTerms([match('orbit', 30), match('orbital', 10, 0.5)])!;
    expect(chosen.narrow[0]).toBe('orbit');
  });

  it('requires the rarest few together when every term is common', () => {
    const chosen = candidateTerms([
      match('pro', SMALL_POOL * 10),
      match('horvik', SMALL_POOL * 2),
      match('orbit', SMALL_POOL * 3),
      match('plus', SMALL_POOL * 20),
    ])!;
    expect(chosen).toMatchObject({ narrow: ['horvik', 'orbit', 'pro'], all: true });
    expect(candidateTerms([match('sage', SMALL_POOL * 5)])).toMatchObject({
      narrow: ['sage'],
      all: false,
    });
  });

  it('skips a join of words already required, which would narrow no further', () => {
    const chosen = candidateTerms([
      match('kestral', 10_542),
      match('kestralsummit', 2_174),
      match('summit', 30_000),
      match('14inch2025', 17_298),
      match('2025', 200_000),
      match('cq', 60_000),
    ])!;
    expect(chosen).toMatchObject({ narrow: ['kestralsummit', '14inch2025', 'cq'], all: true });
  });

  it("given the query's words, lets runs of them narrow without taking a word's place", () => {
    const runs = ['sleevein', 'inwhite', 'damasknetbook'].map((t) => match(t, 2));
    const terms = [...runs, match('ladies', 3), match('damask', 8), match('slappa', 20)];
    expect(candidateTerms(terms)!.narrow).toEqual([
      'sleevein',
      'inwhite',
      'damasknetbook',
      'ladies',
    ]);
    const words = new Set(['slappa', 'ladies', 'damask', 'netbook', 'sleeve', 'in', 'white']);
    expect(candidateTerms(terms, new Set(), new Map(), words)!.narrow).toEqual([
      'sleevein',
      'inwhite',
      'damasknetbook',
      'ladies',
      'damask',
      'slappa',
    ]);
  });

  it('ignores stand-ins too far from the word, and may find nothing', () => {
    expect(candidateTerms([match('zzz', 1, 0.1)])).toBeUndefined();
  });
  it('narrows by the codes the query writes before codes its joined words happen to make', () => {
    const terms = [
      ...['camerabundle', 'displaycase', 'prints', 'bonus'].map((t) => match(t, 10)),
      match('w10x', 50),
      match('zoom30', 50),
      match('dsch70', 60),
    ];
    expect(candidateTerms(terms)!.narrow).not.toContain('dsch70');
    expect(candidateTerms(terms, new Set(['dsch70']))!.narrow).toContain('dsch70');
  });
});

describe(termCounts.name, () => {
  const entry = (term: string, df: number, siblings = 0): [string, TermMatch[]] => [
    term,
    [{ queryTerm: term, term, df, similarity: 1, siblings }],
  ];
  // Read in one statement for two names: "kestral summit" and "orbit x2".
  const read = new Map([
    entry('', 20_000),
    entry('slim', 40, 3),
    entry('kestral', 12, 1),
    entry('orbit', 30),
    entry('x2', 5),
  ]);

  it("counts a name's own terms, and the terms every lookup asks for", () => {
    const counts = termCounts(['kestral', 'summit', 'kestralsummit'], read);
    expect(counts.namesCarrying('kestral')).toBe(12);
    expect(counts.siblings('kestral')).toBe(1);
    expect(counts.namesCarrying('summit')).toBe(0); // asked, and no name carries it
    expect(counts.namesCarrying('slim')).toBe(40);
    expect(counts.searchNames).toBe(20_000);
  });

  it('does not count what only another name of the statement asked for, as if read alone', () => {
    const counts = termCounts(['kestral', 'summit'], read);
    expect(counts.namesCarrying('orbit')).toBeUndefined();
    expect(counts.siblings('orbit')).toBe(0);
    const none = termCounts([], read);
    expect(none.searchNames).toBe(0);
    expect(none.namesCarrying('slim')).toBeUndefined();
  });
});
