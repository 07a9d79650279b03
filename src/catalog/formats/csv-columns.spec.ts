import { describe, expect, it } from '@jest/globals';
import { catalogLineSchema, reviewSchema } from '../catalog-line.schema.js';
import {
  BadCell,
  badCells,
  missingColumns,
  readHeader,
  rowRecord,
  type Column,
} from './csv-columns.js';

const products = { shape: catalogLineSchema.shape };

describe(readHeader.name, () => {
  it('reads columns off the schema, in any case and order', () => {
    const columns = readHeader([' Name ', 'id', 'ALIASES', 'reviews'], products) as Column[];
    expect(columns.map((c) => [c.field, c.kind])).toEqual([
      ['name', 'text'],
      ['id', 'text'],
      ['aliases', 'list'],
      ['reviews', 'json'],
    ]);
  });

  it('names what is wrong with a header', () => {
    const missing = (header: string[]) =>
      missingColumns(readHeader(header, products) as Column[], products);
    expect(missing(['id', 'name', 'brand'])).toBe('no "category" column: every row needs one');
    expect(missing(['id', 'name'])).toBe('no "brand", "category" columns: every row needs them');
    expect(missing(['category', 'id', 'name', 'brand'])).toBeUndefined();
    expect(readHeader(['id', 'colour'], products)).toMatch(
      /^unknown column "colour": the columns are id, name, brand, category, aliases/,
    );
    expect(readHeader(['id', 'id'], products)).toBe('column "id" appears twice');
    expect(readHeader(['id', ''], products)).toBe('column 2 has no name');
    expect(readHeader(['reviews'], { ...products, refused: { reviews: 'given apart' } })).toBe(
      'column "reviews": given apart',
    );
  });

  it('takes criterion keys as columns of a review file', () => {
    const columns = readHeader(['product_id', 'score', 'comfort'], {
      shape: reviewSchema.shape,
      extra: ['product_id'],
      criteria: ['comfort'],
    }) as Column[];
    expect(rowRecord(['p-1', '80', ' 74 '], columns)).toEqual({
      product_id: 'p-1',
      score: 80,
      criteria: { comfort: 74 },
    });
  });
});

describe(rowRecord.name, () => {
  const columns = readHeader(['id', 'name', 'aliases', 'offers'], products) as Column[];

  it('leaves empty cells out, splits lists at | and reads JSON cells', () => {
    expect(rowRecord(['p-1', ' A name ', 'One | Two||', '[{"price": 5}]'], columns)).toEqual({
      id: 'p-1',
      name: 'A name',
      aliases: ['One', 'Two'],
      offers: [{ price: 5 }],
    });
    expect(rowRecord(['p-1', '', ' ', ''], columns)).toEqual({ id: 'p-1' });
    expect(rowRecord(['p-1', 'n', '["a | b", "c"]'], columns).aliases).toEqual(['a | b', 'c']);
  });

  it('keeps a number that is not one as text, for the schema to name', () => {
    const [score] = readHeader(['score'], { shape: reviewSchema.shape }) as Column[];
    expect(rowRecord(['high'], [score!])).toEqual({ score: 'high' });
  });

  it('marks a JSON cell that does not parse, and keeps the rest of the row', () => {
    const record = rowRecord(['p-1', 'n', '', '[{"price": }]'], columns);
    expect(record.offers).toBeInstanceOf(BadCell);
    expect(badCells(record)).toEqual({
      bad: [{ field: 'offers', message: expect.stringMatching(/^not valid JSON \(/) }],
      rest: { id: 'p-1', name: 'n' },
    });
  });

  it('names a decimal comma, which a semicolon-separated spreadsheet writes', () => {
    const [score] = readHeader(['score'], { shape: reviewSchema.shape }) as Column[];
    expect(badCells(rowRecord(['88,5'], [score!])).bad).toEqual([
      {
        field: 'score',
        message:
          '"88,5" has a decimal comma: write 88.5 (numbers take a point, whatever the separator)',
      },
    ]);
  });
});
