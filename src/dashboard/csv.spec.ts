import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { csvField, csvLine } from './csv.js';

describe(csvLine.name, () => {
  it('quotes only fields that need it, doubling their quotes, and ends lines with CRLF', () => {
    expect(csvLine(['plain', 'a, b', 'say "hi"', 'two\nlines', 3, 0.125, null])).toBe(
      'plain,"a, b","say ""hi""","two\nlines",3,0.125,\r\n',
    );
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe', () => {
    for (const formula of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvField(formula).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("http://x.example","y")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""y"")"`,
    );
    // Numbers are numbers, and text that only contains the characters is left alone.
    expect([csvField(-1), csvField('Sony WH-1000'), csvField('a=b')]).toEqual([
      '-1',
      'Sony WH-1000',
      'a=b',
    ]);
  });

  it('reads back as written with a strict RFC 4180 parser', () => {
    const rows = [
      ['name', 'n'],
      ['Sony "WH", 1000\r\nXM4', 2],
      ['ünïcödé ✓', null],
    ] as const;
    const text = rows.map((row) => csvLine(row)).join('');
    expect(parse(text, { record_delimiter: '\r\n' })).toEqual([
      ['name', 'n'],
      ['Sony "WH", 1000\r\nXM4', '2'],
      ['ünïcödé ✓', ''],
    ]);
  });
});
