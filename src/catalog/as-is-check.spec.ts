import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { asIsCheck } from './as-is-check.js';

describe(asIsCheck.name, () => {
  it('counts lengths in code points, as zod 4 does', () => {
    const length = z.string().min(2).max(4);
    const check = asIsCheck(z.strictObject({ a: length }));
    const high = '😀'.slice(0, 1);
    const low = '😀'.slice(1);
    for (const a of ['😀😀😀😀', '😀😀😀😀😀', '😀', high + high, low + high, 'ab', '😀' + high]) {
      expect([a, check({ a })]).toEqual([a, length.safeParse(a).success]);
    }
    expect(check({ a: '😀😀😀😀' })).toBe(true); // eight UTF-16 code units
    expect(check({ a: '😀' })).toBe(false);
  });

  it("tests zod's regular expressions with their own flags", () => {
    // Without the u flag, a surrogate pair is two characters: zod rejects it, and so does the
    // check, though ajv alone would compile the pattern with u.
    const one = z.string().regex(/^.$/);
    const check = asIsCheck(z.strictObject({ a: one }));
    expect(one.safeParse('😀').success).toBe(false);
    expect(check({ a: '😀' })).toBe(false);
    expect(check({ a: 'x' })).toBe(true);
    const unicode = asIsCheck(z.strictObject({ a: z.string().regex(/^.$/u) }));
    expect(unicode({ a: '😀' })).toBe(true);
  });

  it('passes a string zod changes only when zod returns it unchanged', () => {
    const check = asIsCheck(z.strictObject({ a: z.string().trim(), u: z.url().optional() }));
    expect(check({ a: 'x', u: 'https://a.example/' })).toBe(true);
    expect(check({ a: ' x' })).toBe(false);
    expect(check({ a: 'x', u: ' https://a.example/' })).toBe(false);
    expect(check({ a: 'x', u: 'https://a.exa\tmple/' })).toBe(false);
  });

  it('gives a refined string to zod', () => {
    const even = z.string().refine((s) => s.length % 2 === 0);
    const check = asIsCheck(z.strictObject({ a: even }));
    expect(check({ a: 'xy' })).toBe(true);
    expect(check({ a: 'x' })).toBe(false);
  });

  it('is as strict as zod about objects, numbers and arrays', () => {
    const check = asIsCheck(
      z.strictObject({ n: z.number().positive().max(10), l: z.array(z.string()).max(1) }),
    );
    expect(check({ n: 10, l: [] })).toBe(true);
    expect(check({ n: 0, l: [] })).toBe(false);
    expect(check({ n: Infinity, l: [] })).toBe(false);
    expect(check({ n: 1, l: ['a', 'b'] })).toBe(false);
    expect(check({ n: 1 })).toBe(false);
    expect(check(JSON.parse('{"n":1,"l":[],"__proto__":1}'))).toBe(false);
    expect(check([])).toBe(false);
  });

  it.each([
    ['a transform', z.strictObject({ a: z.string().transform((s) => s.length) })],
    ['a default', z.strictObject({ a: z.string().default('x') })],
    ['a refined number', z.strictObject({ a: z.number().refine((n) => n > 1) })],
    ['a coerced number', z.strictObject({ a: z.coerce.number() })],
    ['a union', z.strictObject({ a: z.union([z.string(), z.number()]) })],
    ['an integer', z.strictObject({ a: z.int() })],
  ])('will not be built for %s', (_label, schema) => {
    expect(() => asIsCheck(schema)).toThrow(/as-is check/);
  });
});
