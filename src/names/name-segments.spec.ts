import { describe, expect, it } from '@jest/globals';
import { alignLetterRuns } from './name-segments.js';
import { tokenizeNormalised } from './name-tokens.js';

describe(alignLetterRuns.name, () => {
  const tokens = (text: string) => tokenizeNormalised(text);

  it("splits and joins the query's letter runs as the candidate writes them", () => {
    const texts = (query: string, name: string) =>
      alignLetterRuns(tokens(query), tokens(name)).map((t) => t.text);
    expect(texts('dscwx 350', 'dsc wx 350')).toEqual(['dsc', 'wx', '350']);
    expect(texts('kestral summit 2', 'kestralsummit 2')).toEqual(['kestralsummit', '2']);
  });

  it('gives the query itself when nothing is written otherwise, whatever words it adds', () => {
    const query = tokens('orbit x2 wireless headphones black');
    expect(alignLetterRuns(query, tokens('orbit x2'))).toBe(query);
    expect(alignLetterRuns(query, tokens('orbit x2 wireless'))).toBe(query);
  });
});
