import { describe, expect, it } from '@jest/globals';
import { copyField, copyRow, textArray } from './copy-format.js';

describe('copyRow', () => {
  it('separates columns with tabs, ends with a newline and writes null as \\N', () => {
    expect(copyRow(['a', 1.5, true, false, null, undefined])).toBe('a\t1.5\tt\tf\t\\N\t\\N\n');
  });

  it('escapes backslashes, tabs and line breaks', () => {
    expect(copyRow(['a\\b\tc\nd\re'])).toBe('a\\\\b\\tc\\nd\\re\n');
  });
});

describe('textArray', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(textArray([])).toBe('{}');
    expect(textArray(['a', 'b "c"', 'd\\e', 'f,g'])).toBe('{"a","b \\"c\\"","d\\\\e","f,g"}');
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
