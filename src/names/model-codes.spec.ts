import { describe, expect, it } from '@jest/globals';
import { chunks, codeEnds, codeRuns, writtenApart, writtenCodes } from './model-codes.js';

/** The query's written codes, as the resolver hands them on. */
const codesOf = (query: string) => new Set(writtenCodes(chunks(query)));

describe(writtenCodes.name, () => {
  it('reads a code written with a suffix no name carries as the code that names carry', () => {
    const catalog = new Map([['l735s3210', 1]]);
    const carrying = (term: string) => catalog.get(term) ?? 0;
    expect(writtenCodes(chunks('Toshiba L735-S3210/EU Laptop'), carrying)).toEqual(['l735s3210']);
    expect(writtenCodes(chunks('Toshiba L735-S3210-US'), carrying)).toEqual(['l735s3210']);
    // Where a name carries the code with its suffix, or none carries the code before it, or
    // the last word is no short word of letters, the code is as written.
    catalog.set('l735s3210eu', 1);
    expect(writtenCodes(chunks('Toshiba L735-S3210/EU'), carrying)).toEqual(['l735s3210eu']);
    expect(writtenCodes(chunks('Toshiba L735-S3210/UK'), carrying)).toEqual(['l735s3210']);
    expect(writtenCodes(chunks('Vantor QX-4410/EU'), carrying)).toEqual(['qx4410eu']);
    expect(writtenCodes(chunks('Toshiba L735-S3210-EURO'), carrying)).toEqual(['l735s3210euro']);
    expect(writtenCodes(chunks('Toshiba L735-S3210/EU'))).toEqual(['l735s3210eu']);
  });

  it("reads a maker's part number of five digits or more as a code, a shorter number as a quantity", () => {
    expect(codesOf('Officeco Presentation Binder 17332, 1 inch, 4 pack')).toEqual(
      new Set(['17332']),
    );
    expect(codesOf('Officeco Binder 2020, 1000 sheets')).toEqual(new Set());
  });

  it('reads no count as a code: "100pk" is a pack size', () => {
    expect(writtenCodes(chunks('Vantor File Folders Letter 100pk'))).toEqual([]);
    expect(writtenCodes(chunks('Vantor Crayons 64ct QX-4410'))).toEqual(['qx4410']);
  });

  it('reads a code written in parts as the code a name writes as one word, the longest first', () => {
    const words = new Set(['qx410lt', 'qx410', 'of10', 'touch4']);
    const aWord = (code: string) => words.has(code);
    expect(writtenApart(chunks('Vantor QX 410 LT Headset, Set of 10'), aWord)).toEqual(['qx410lt']);
    expect(writtenApart(chunks('Vantor QX 410 Headset'), aWord)).toEqual(['qx410']);
    // Parts no name writes as one word, a word of letters too long to be a part, a measure: none.
    expect(writtenApart(chunks('Vantor QX 420 Headset'), aWord)).toEqual([]);
    expect(writtenApart(chunks('Vantor Touch 4 with 4 GB'), aWord)).toEqual([]);
  });
});

describe(codeRuns.name, () => {
  const words = (name: string) => name.split(' ');
  it('reads a short word after a code as its suffix, unless the name says it as its category', () => {
    expect(codeRuns(words('gs816t na switch'), new Set()).whole).not.toContain('gs816t');
    expect(codeRuns(words('abcp400ub car audio player'), new Set()).whole).not.toContain(
      'abcp400ub',
    );
    const category = new Set(['car', 'audio']);
    expect(codeRuns(words('abcp400ub car audio player'), new Set(), category).whole).toContain(
      'abcp400ub',
    );
  });

  it("reads a number alone before a code of letters first as its line's, not the code's", () => {
    expect(codeRuns(words('serie 6 wx28ph9 washing machine'), new Set()).whole).toContain(
      'wx28ph9',
    );
    // A number after a code, or before one that starts with digits, goes on it.
    expect(codeRuns(words('hubport 2240 16 serial hub'), new Set()).whole).not.toContain('2240');
    expect(codeRuns(words('model 6 28ph9'), new Set()).whole).not.toContain('28ph9');
    // A count before a part number of digits is not its part ("Case Pack 1 - 497905").
    expect(codeRuns(words('record guides pack 1 497905'), new Set()).whole).toContain('497905');
    expect(codeRuns(words('pack 1 4979'), new Set()).whole).not.toContain('4979');
  });

  it('reads a part number of digits as ending where its letters start', () => {
    expect(codeRuns(words('83054 dry erase marker'), new Set()).whole).toContain('83054');
    // A code of letters and digits, written in parts, may still go on in letters.
    expect(codeRuns(words('ecam22 110 b coffee machine'), new Set()).whole).not.toContain(
      'ecam22110',
    );
    expect(codeRuns(words('ecam 22 110 b'), new Set()).whole).not.toContain('22110');
  });
});

describe(codeEnds.name, () => {
  it("reads the letters a code goes on with after a hyphen as the code's, not a word", () => {
    expect([...codeEnds(chunks('Vee V7N3C5E-03F-BLKS Cable'))]).toEqual(['blks']);
    // After a slash, or before the digits, a word is a word ("v2/Lplayer", "Galaxy-S21").
    expect([...codeEnds(chunks('iRiver E100 v2/Lplayer Galaxy-S21'))]).toEqual([]);
  });
});
