import { describe, expect, it } from '@jest/globals';
import { parentsFirst } from './table-order.js';

describe(parentsFirst.name, () => {
  it('puts every referenced table before the tables that refer to it', () => {
    const order = parentsFirst(
      ['reviews', 'api_keys', 'products', 'accounts', 'sessions'],
      [
        { table: 'reviews', references: 'products' },
        { table: 'api_keys', references: 'accounts' },
        { table: 'sessions', references: 'accounts' },
      ],
    );
    expect(order).toEqual(['accounts', 'api_keys', 'products', 'reviews', 'sessions']);
  });

  it('ignores a table referring to itself and tables outside the list', () => {
    expect(
      parentsFirst(
        ['b', 'a'],
        [
          { table: 'a', references: 'a' },
          { table: 'b', references: 'elsewhere' },
        ],
      ),
    ).toEqual(['a', 'b']);
  });

  it('refuses a loop, naming its tables', () => {
    expect(() =>
      parentsFirst(
        ['a', 'b', 'c'],
        [
          { table: 'a', references: 'b' },
          { table: 'b', references: 'a' },
        ],
      ),
    ).toThrow('the foreign keys of a, b refer to each other in a loop');
  });
});
