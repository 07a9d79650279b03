import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { copyField, copyRow, textArray, type CopyValue } from './copy-format.js';

// The format's definition, written plainly: copyRow and textArray must write the same bytes.
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const plainField = (v: CopyValue) =>
  v === null || v === undefined
    ? '\\N'
    : typeof v === 'string'
      ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPED[c]!)
      : typeof v === 'boolean'
        ? v
          ? 't'
          : 'f'
        : String(v);
const plainRow = (values: CopyValue[]) => values.map(plainField).join('\t') + '\n';
const plainArray = (items: string[]) =>
  '{' + items.map((item) => '"' + item.replace(/["\\]/g, '\\$&') + '"').join(',') + '}';
const text = fc.string({
  unit: fc.constantFrom('a', '\\', '\t', '\n', '\r', '"', ',', '😀', '\u0000'),
});
const value = fc.oneof(text, fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));

describe('copyRow', () => {
  it('separates columns with tabs, ends with a newline and writes null as \\N', () => {
    expect(copyRow(['a', 1.5, true, false, null, undefined])).toBe('a\t1.5\tt\tf\t\\N\t\\N\n');
  });

  it('escapes backslashes, tabs and line breaks', () => {
    expect(copyRow(['a\\b\tc\nd\re'])).toBe('a\\\\b\\tc\\nd\\re\n');
    expect(copyRow(['\\', 'x\r\n'])).toBe('\\\\\tx\\r\\n\n');
  });
});

describe('copyRow and textArray', () => {
  it('write what the plain definition writes', () => {
    fc.assert(
      fc.property(fc.array(value), fc.array(text), (values, items) => {
        expect(copyRow(values)).toBe(plainRow(values));
        expect(textArray(items)).toBe(plainArray(items));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('textArray', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(textArray([])).toBe('{}');
    expect(textArray(['a', 'b "c"', 'd\\e', 'f,g'])).toBe('{"a","b \\"c\\"","d\\\\e","f,g"}');
    expect(textArray(['"', '\\"', ''])).toBe('{"\\"","\\\\\\"",""}');
  });

  it('survives COPY escaping as one field', () => {
    expect(copyRow([textArray(['x\\y'])])).toBe('{"x\\\\\\\\y"}\n');
  });
});

describe('copyField', () => {
  it('reads back what copyRow escaped', () => {
    for (const text of ['plain', 'a\\b\tc\nd\re', '{"q":"say \\"hi\\"\\n"}', '\\\\n'])
      expect(copyField(copyRow([text]).slice(0, -1))).toBe(text);
  });
});
