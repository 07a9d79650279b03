import { describe, expect, it } from '@jest/globals';
import { candidateTerms, SMALL_POOL } from './candidate-terms.js';
import { normaliseName } from './name-normaliser.js';
import { catalogTerms, queryTerms, searchTerms } from './search-terms.js';

const terms = (name: string) => searchTerms(normaliseName(name));

describe(searchTerms.name, () => {
  it('indexes words and joined neighbours, so spacing never matters', () => {
    expect(terms('Sony WH-1000XM5')).toEqual(
      expect.arrayContaining(['sony', 'wh', '1000xm5', 'wh1000xm5', 'sonywh']),
    );
    // A code split in three still meets its written-together form.
    expect(terms('wh 1000 xm5')).toContain('wh1000xm5');
    expect(terms('WH1000XM5')).toEqual(['wh1000xm5']);
    // Joins of three words are kept for codes only, and the whole name joined.
    expect(terms('Apple AirPods Pro Max')).not.toContain('appleairpodspro');
    expect(terms('LED 39K 610X 3D')).toContain('led39k610x3d');
  });

  it('has no duplicates and nothing for an empty name', () => {
    expect(terms('pro pro pro')).toEqual(['pro', 'propro', 'propropro']);
    expect(terms('')).toEqual([]);
  });
});

describe(catalogTerms.name, () => {
  const catalog = (name: string, brand: string) =>
    catalogTerms(normaliseName(name), normaliseName(brand));

  it('indexes a name with its brand in front too, so a brand glued to it meets it', () => {
    expect(catalog('CX7430', 'Kodak')).toEqual(expect.arrayContaining(['cx7430', 'kodakcx7430']));
    expect(catalog('MX-2614N', 'Sharp')).toContain('sharpmx');
    expect(catalog('Media Keyboard K200', 'Logitech')).toContain('logitechmediakeyboardk200');
  });

  it('does not repeat a brand the name already starts with', () => {
    expect(catalog('Sony WH-1000XM5', 'Sony')).not.toContain('sonysonywh');
  });
});

describe(queryTerms.name, () => {
  const query = (text: string) => queryTerms(normaliseName(text));

  it('searches by every run of adjacent words, so a name split anywhere is found', () => {
    expect(query('Hisense LED 39K 610X 3D')).toEqual(
      expect.arrayContaining(['led39k610x3d', 'hisenseled39k610x3d', 'hisense', '3d']),
    );
    expect(query('')).toEqual([]);
  });

  it('keeps a long query to runs of three words and the whole', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(query(words).length).toBeLessThan(80);
    expect(query(words)).toContain(words.replaceAll(' ', ''));
  });
});

describe(candidateTerms.name, () => {
  const match = (term: string, df: number, similarity = 1) => ({
    queryTerm: term,
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

  it('ignores stand-ins too far from the word, and may find nothing', () => {
    expect(candidateTerms([match('zzz', 1, 0.1)])).toBeUndefined();
  });
});
