import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { arrayLiteral, type LiteralElement } from './array-literal.js';

// pg's own encoding of an array parameter, which the literal must equal byte for byte.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string;
};

describe('arrayLiteral', () => {
  it.each<[string, LiteralElement[]]>([
    ['no elements', []],
    ['one word', ['kordia']],
    ['words and joins', ['kordia', 'pebble', 'ea35', 'kordiapebble', 'null', 'nan']],
    ['words in other scripts', ['café', 'ｗｉｄｅ', 'mañana', '東京']],
    ['catalog ids', ['sony-wh-1000xm5', 'p-250']],
    ['indices', [0, 0, 1, 4, 17]],
    ['weights', [0.1, 1 / 3, 2 ** -40, 1e21, 0.30000000000000004, -0]],
    ['flags', [true, false, true]],
  ])('encodes %s as pg does', (_label, items) => {
    expect(arrayLiteral(items)).toBe(prepareValue(items));
  });
});
