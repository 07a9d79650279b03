import { describe, expect, it } from '@jest/globals';
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
