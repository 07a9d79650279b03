import { describe, expect, it } from '@jest/globals';
import { exactNameKeys } from './name-keys.js';
import { candidate, matchName } from './name-matcher.fixtures.js';
import { nameKey, normaliseName } from './name-normaliser.js';

const keysOf = (names: string[], brand: string) => exactNameKeys(names.map(normaliseName), brand);

describe('exactNameKeys', () => {
  it('keys each name alone, with its brand before and after, and the name with each alias', () => {
    expect(keysOf(['Galaxy S21', 'SM-G991B'], 'Samsung').sort()).toEqual(
      [
        'galaxys21',
        'samsunggalaxys21',
        'galaxys21samsung',
        'smg991b',
        'samsungsmg991b',
        'smg991bsamsung',
        'galaxys21smg991b',
      ].sort(),
    );
  });

  it('gives a name without a brand, and an empty alias, no extra keys', () => {
    expect(keysOf(['Kettle 2', '!!!'], '')).toEqual(['kettle2']);
  });

  it('keys exactly what the matcher calls the same name', () => {
    const products: [string, string][] = [
      ['Sony WH-1000XM5', 'Sony'],
      ['WH-1000XM5', 'Sony'],
      ['Café Crème 2', 'Brûlerie'],
      ['Galaxy S24+', 'Samsung'],
    ];
    for (const [name, brand] of products) {
      for (const key of keysOf([name], brand)) {
        const match = matchName(key, candidate(name, brand));
        expect({ key, exact: match.exact }).toEqual({ key, exact: true });
      }
    }
  });

  it('folds a query as the keys are folded', () => {
    expect(nameKey('SONY wh-1000 XM5')).toBe('sonywh1000xm5');
    expect(keysOf(['WH-1000XM5'], 'Sony')).toContain(nameKey('Sony WH 1000XM5'));
    expect(nameKey('Galaxy S24+')).toBe('galaxys24plus');
  });
});
