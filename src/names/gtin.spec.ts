import { describe, expect, it } from '@jest/globals';
import {
  gtin14,
  gtinCheckDigit,
  gtinOfQuery,
  gtinProblem,
  gtinsInName,
  withoutBarcodes,
} from './gtin.js';

// Invented numbers with valid check digits, computed by hand from the GS1 rule.
const EAN13 = '4006381333931';
const UPCA = '036000291452';
const EAN8 = '96385074';

describe(gtinCheckDigit.name, () => {
  it('computes the GS1 check digit of each length', () => {
    expect(gtinCheckDigit(EAN13.slice(0, -1))).toBe(1);
    expect(gtinCheckDigit(UPCA.slice(0, -1))).toBe(2);
    expect(gtinCheckDigit(EAN8.slice(0, -1))).toBe(4);
    expect(gtinCheckDigit(`0${UPCA}`.slice(0, -1))).toBe(2);
  });
});

describe(gtinProblem.name, () => {
  it('accepts the four lengths with a valid check digit', () => {
    for (const gtin of [EAN13, UPCA, EAN8, `00${UPCA}`]) expect(gtinProblem(gtin)).toBeUndefined();
  });

  it('says what is wrong', () => {
    expect(gtinProblem('4006381333932')).toBe(
      '"4006381333932" ends in 2, but its check digit is 1',
    );
    expect(gtinProblem('12345')).toBe('"12345" has 5 digits: a GTIN has 8, 12, 13 or 14');
    expect(gtinProblem('4006-381333931')).toBe('"4006-381333931" is not a GTIN: digits only');
  });
});

describe(gtinOfQuery.name, () => {
  it('reads every form of one barcode as the same key', () => {
    const key = gtin14(UPCA);
    expect(key).toBe('00036000291452');
    for (const form of [UPCA, `0${UPCA}`, `00${UPCA}`, ' 0 36000 29145 2 ', '036000-291452'])
      expect(gtinOfQuery(form)).toBe(key);
  });

  it('leaves names, codes and numbers with a wrong check digit to name resolution', () => {
    for (const query of ['036000291453', 'EAN 4006381333931', '4006381333931X', '123', '1234567'])
      expect(gtinOfQuery(query)).toBeUndefined();
  });
});

describe(gtinsInName.name, () => {
  it('reads the barcodes a title writes among its words, each once, as keys', () => {
    expect(gtinsInName(`Acme Kettle 1.7 l, UPC ${UPCA} (2-pack)`)).toEqual([gtin14(UPCA)]);
    expect(gtinsInName(`EAN:0${UPCA} Acme Kettle / ${UPCA}`)).toEqual([gtin14(UPCA)]);
    expect(gtinsInName('Acme Kettle 4006381333931 5901234123457')).toEqual([
      '04006381333931',
      '05901234123457',
    ]);
  });

  it('reads no part number, measure, wrong check digit or number glued to letters', () => {
    for (const name of [
      'Acme Kettle 036000291453', // wrong check digit
      'Acme Drum 96401234', // eight digits: a part number as often as a barcode
      'Acme Cable X036000291452', // glued to letters: a code
      'Acme Disk 0360002914521', // 13 digits whose check digit fails
      'Acme 1920 x 1080 Monitor',
    ])
      expect(gtinsInName(name)).toEqual([]);
  });
});

describe(withoutBarcodes.name, () => {
  it('leaves out the barcodes a name writes that are among the keys, and nothing else', () => {
    const name = `Acme Kettle ${UPCA} ${EAN13} 036000291453 96401234`;
    expect(withoutBarcodes(name, [gtin14(UPCA)])).toBe(
      `Acme Kettle   ${EAN13} 036000291453 96401234`,
    );
  });
});
