import { describe, expect, it } from '@jest/globals';
import { abbreviates, codeStem, oneModel, writtenAsQuery } from './code-forms.js';
import { chunks, writtenCodes } from './model-codes.js';
import { nameMatcher } from './name-matcher.js';
import { brandForm } from './candidate-name.js';
import { normaliseName } from './name-normaliser.js';
import { catalogTerms, queryTerms, stemTerms } from './search-terms.js';

/** The query's written codes, as the resolver hands them on. */
const codesOf = (query: string) => new Set(writtenCodes(chunks(query)));

describe(writtenAsQuery.name, () => {
  it('reads a code with or without its maker prefix as one code, on either side', () => {
    const codes = writtenCodes(chunks('Samsung CLT-R409 Imaging Drum'));
    expect(codes).toEqual(['cltr409']);
    expect(writtenAsQuery('sascltr409 imaging drum', new Set(codes), 'samsung')).toBe(
      'sas cltr409 imaging drum',
    );
    expect(writtenAsQuery('q6511a black toner', codesOf('HPQ6511A toner'), 'hp')).toBe(
      'hpq6511a black toner',
    );
  });

  it("never takes letters that do not abbreviate the maker, or a code's own letters", () => {
    expect(abbreviates('sas', 'samsung')).toBe(true);
    expect(abbreviates('hp', 'hp')).toBe(true);
    expect(abbreviates('kit', 'corsair')).toBe(false);
    expect(abbreviates('msa', 'samsung')).toBe(false);
    expect(abbreviates('samsu', 'samsung')).toBe(false); // longer than a prefix
    const codes = writtenCodes(chunks('Corsair CMV4GX3M1A1333C9'));
    expect(writtenAsQuery('kitcmv4gx3m1a1333c9 memory', new Set(codes), 'corsair')).toBe(
      'kitcmv4gx3m1a1333c9 memory',
    );
    // A code the name carries with its prefix as a word of its own is left as it is.
    expect(writtenAsQuery('nbx t1014n', codesOf('Noblex NBX-T1014N'), 'noblex')).toBe('nbx t1014n');
    // ...and so is a code the query writes both with its prefix and without.
    expect(writtenAsQuery('3705a', codesOf('Coolpad 3705A (CP3705A)'), 'coolpad')).toBe('3705a');
    // A code that differs by a character is another code, maker's letter or not.
    expect(writtenAsQuery('scltr409 drum', codesOf('CLT-R409'), 'panasonic')).toBe('scltr409 drum');
    expect(writtenAsQuery('cltr4090 drum', codesOf('CLT-R409'), 'samsung')).toBe('cltr4090 drum');
  });

  it('lets the query name the product whose name carries its code behind the prefix', () => {
    const query = 'Samsung CLT-R409 Imaging Drum';
    const brand = brandForm('Samsung');
    const name = normaliseName('SASCLTR409 Imaging Drum');
    const match = nameMatcher(query);
    const context = { brand, categoryWords: new Set<string>() };
    expect(match({ text: name, ...context }).rejected).toMatch(/model code/);
    const read = writtenAsQuery(name, codesOf(query), brand.compact);
    expect(match({ text: read, ...context }).rejected).toBeUndefined();
  });
});

describe(oneModel.name, () => {
  it("reads a market's letters after a code as one model, on either side or both", () => {
    expect(oneModel('k38074eu', 'k38074us')).toBe(true);
    expect(oneModel('k38074', 'k38074uk')).toBe(true);
    expect(oneModel('af300uk', 'af300')).toBe(true);
  });

  it("reads a part number's ordering letters after the code as one model", () => {
    expect(oneModel('sms928b', 'sms928bzkgeub')).toBe(true);
    expect(oneModel('qe55q80c', 'qe55q80catxxu')).toBe(true);
  });

  it('never reads an edition, another letter or other digits as one model', () => {
    expect(oneModel('x100v', 'x100vi')).toBe(false);
    expect(oneModel('gtx1050', 'gtx1050ti')).toBe(false);
    expect(oneModel('d5300', 'd5300kit')).toBe(false);
    expect(oneModel('hs470', 'hs470pro')).toBe(false);
    // "SE" is a market's letters and an edition's: an edition's first.
    expect(oneModel('r2509', 'r2509se')).toBe(false);
    // Nor is a colour's: the title may say another.
    expect(oneModel('um380', 'um380blk')).toBe(false);
    expect(oneModel('sms928b', 'sms928u')).toBe(false);
    expect(oneModel('qe55q80c', 'qe55q80datxxu')).toBe(false);
    expect(oneModel('k38074eu', 'k38075eu')).toBe(false);
    expect(oneModel('wd40efrx', 'wd40efax')).toBe(false);
    // Letters after the digits alone may name an edition: ordering letters go on a model's own.
    expect(oneModel('fi6230', 'fi6230zla')).toBe(false);
    expect(oneModel('bx635', 'bx635fwd')).toBe(false);
    // A stem too short to identify a model: "A7" of "A7III".
    expect(oneModel('a7', 'a7iii')).toBe(false);
  });

  it('reads the stem a code is searched by', () => {
    expect(codeStem('k38074us')).toBe('k38074');
    expect(codeStem('um380')).toBe('um380');
    expect(codeStem('a7iii')).toBeUndefined();
    expect(codeStem('500gb')).toBeUndefined();
  });
});

describe('codes with other market or ordering letters', () => {
  it('meet in candidate search by their stem, on either side', () => {
    const catalog = (name: string) => new Set(catalogTerms(normaliseName(name), 'vantor'));
    const query = (name: string) => [
      ...queryTerms(normaliseName(name)),
      ...stemTerms(writtenCodes(chunks(name))).keys(),
    ];
    const meet = (name: string, asked: string) => query(asked).some((t) => catalog(name).has(t));
    expect(meet('Vantor Pro Fit K38074US Mouse', 'Funkmaus K38074EU kabellos')).toBe(true);
    expect(meet('Vantor UM380BK Monitor', 'Moniteur UM380 27 pouces')).toBe(true);
    expect(meet('Vantor Galaxy SM-S928B', 'Telefon SM-S928BZKGEUB')).toBe(true);
    expect(meet('Vantor K38074 Mouse', 'Maus K38074EU')).toBe(true);
  });

  it('are read in a name as the query writes them, where no candidate carries them', () => {
    const codes = codesOf('Vantor Funkmaus K38074EU kabellos');
    const read = (name: string, unmatched = codes) =>
      writtenAsQuery(normaliseName(name), codes, 'vantor', unmatched);
    expect(read('Vantor Pro Fit K38074US Mouse')).toBe('vantor pro fit k38074eu mouse');
    // A candidate carrying the code as written: no other is read as it.
    expect(read('Vantor Pro Fit K38074US Mouse', new Set())).toBe('vantor pro fit k38074us mouse');
    // A word going on the name's code makes it another's ("K38074 Ti").
    expect(read('Vantor K38074 Ti Mouse')).toBe('vantor k38074 ti mouse');
    const long = codesOf('Vantor Telefon SM-S928BZKGEUB 256 GB');
    expect(writtenAsQuery('vantor galaxy sm s928b', long, 'vantor', long)).toBe(
      'vantor galaxy sms928bzkgeub',
    );
  });
});
