import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeCursor, encodeCursor, type PageCursor } from './browse-cursor.js';

describe('page cursors', () => {
  const cursor: PageCursor = {
    sort: 'price',
    category: 'headphones',
    after: [false, 329.99, -89.1, 'sony-wh-1000xm5'],
  };

  it('decode to what they were made from, as URL-safe text', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('keep every score and price exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), (n, id) => {
        const made = { ...cursor, after: [true, n, -n, id.replaceAll('\0', '')] } as PageCursor;
        expect(decodeCursor(encodeCursor(made))).toEqual(JSON.parse(JSON.stringify(made)));
      }),
    );
  });

  it('are nothing when they are not one this service made', () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      '',
      'not a cursor',
      '%00',
      'A'.repeat(5000),
      Buffer.from('{"sort":').toString('base64url'),
      made({ ...cursor, sort: 'name' }),
      made({ ...cursor, after: [false, 1, 2] }),
      made({ ...cursor, after: [false, '1', 2, 'x'] }),
      made({ ...cursor, after: [false, 1, 2, 'x\0'] }),
      made({ ...cursor, extra: 1 }),
      made([cursor]),
      Buffer.from('{"sort":"score","category":"x","after":[false,1e999,0,"x"]}').toString(
        'base64url',
      ),
    ])
      expect([text.slice(0, 20), decodeCursor(text)]).toEqual([text.slice(0, 20), undefined]);
  });
});
