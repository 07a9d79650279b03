import { describe, expect, it } from '@jest/globals';
import { compactName, normaliseName } from './name-normaliser.js';

describe('normaliseName', () => {
  it.each([
    ['Sony WH-1000XM5', 'sony wh 1000xm5'],
    ['  SONY   wh_1000xm5!! ', 'sony wh 1000xm5'],
    ['Café Crème', 'cafe creme'],
    ['Galaxy S24+', 'galaxy s24 plus'],
    ['Roomba j7+ (2023)', 'roomba j7 plus 2023'],
    ['AirPods Pro (2nd generation)', 'airpods pro 2nd generation'],
    ['Ｗｉｄｅ ＴＶ', 'wide tv'],
    ['C++ & "quotes"', 'c plus quotes'],
    ['!!!', ''],
    ['Fossil Wear™', 'fossil wear'],
    ['Canon® PIXMA℠ ©', 'canon pixma'],
    ['Intel(R) Core(TM) i7-8700', 'intel core i7 8700'],
    ['DW-21(A) (r)', 'dw 21 a r'],
    // A comma between thousands goes; a decimal comma, and a code's digits, stay apart.
    ['Power Bank 24,000mAh', 'power bank 24000mah'],
    ['1,920 x 1,080 and 1,000,000:1', '1920 x 1080 and 1000000 1'],
    ['68,6 cm, 0,125 mm, 1.000,5 kg', '68 6 cm 0 125 mm 1 000 5 kg'],
    ['A1,234 and 12,3456', 'a1 234 and 12 3456'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('makes case, punctuation and spacing irrelevant once compacted', () => {
    const forms = ['WH1000XM5', 'wh-1000xm5', 'wh 1000 xm5', 'Wh-1000 XM5'];
    expect(new Set(forms.map((f) => compactName(normaliseName(f))))).toEqual(
      new Set(['wh1000xm5']),
    );
  });

  // The candidates statement joins a product's normalised names with U+001F and splits them
  // in JavaScript (lookup.repository.ts): no normalised name may hold a control character.
  it('leaves no control character or line break in a name', () => {
    const controls = Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).join('');
    expect(normaliseName(`a${controls}b\u007f\u0085\u2028c`)).toBe('a b c');
  });

  // Its words go to PostgreSQL as array literals that quote them without escaping
  // (database/array-literal.ts): only letters and digits, one space between words.
  it('leaves only letters and digits, one space between words', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const text = `${ascii} "quoted" back\\slash {braces} a,b ÉTÉ №5 ½ x²`;
    expect(normaliseName(text)).toMatch(/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u);
    expect(normaliseName(text)).not.toMatch(/["\\{},]/);
  });
});
