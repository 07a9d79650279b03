import { describe, expect, it } from '@jest/globals';
import { candidate, matchName } from './name-matcher.fixtures.js';
import { FOUND_AT } from './resolution-decision.js';
import { measuresWritten } from './measures.js';

const score = (query: string, name: string, brand?: string) =>
  matchName(query, candidate(name, brand)).score;

describe('matchName', () => {
  it('gives 1 to the same name whatever its case, accents, punctuation and spacing', () => {
    for (const q of [
      'sony wh1000xm5',
      'WH1000XM5 Sony',
      'sony wh-1000 xm5',
      'SONY WH 1000XM5',
      'Sony WH‐1000XM5',
    ]) {
      expect(score(q, 'Sony WH-1000XM5')).toBe(1);
    }
    expect(score('Café Crème 2', 'Cafe Creme 2', 'Brulerie')).toBe(1);
  });

  it('reads a number the name lacks as describing a product its code identifies', () => {
    const cpu = candidate('Core Q5-14600K Desktop Processor', 'Intelo');
    const query = 'Intelo Core Q5-14600K Desktop Processor, 14 cores, 20 threads';
    expect(matchName(query, cpu).rejected).toMatch(/number/);
    expect(matchName(query, { ...cpu, identified: true }).rejected).toBeUndefined();
    // A measure is still compared as one.
    const ghz = matchName('Intelo Core Q5-14600K 5.3 GHz', {
      ...candidate('Core Q5-14600K 4.8 GHz Processor', 'Intelo'),
      identified: true,
    });
    expect(ghz.rejected).toMatch(/^frequency/);
  });

  it('leaves a variant word to the code that identifies the product, its editions weighed', () => {
    const card = candidate('Flash Memory Card 8 GB KM8GPDX2', 'Kestrel');
    const query = 'Kestrel KM8GPDX2 8GB Memory Stick PRO Duo';
    expect(matchName(query, card).rejected).toMatch(/variant "pro"/);
    expect(matchName(query, { ...card, identified: true }).rejected).toBeUndefined();
  });

  it('rejects another model number, another model code and another generation', () => {
    expect(matchName('sony wh-1000xm5', candidate('Sony WH-1000XM4')).rejected).toMatch(/number 5/);
    expect(matchName('apple iphone 14', candidate('Apple iPhone 15', 'Apple')).rejected).toMatch(
      /number 14/,
    );
    expect(matchName('sony wf-1000xm5', candidate('Sony WH-1000XM5')).rejected).toMatch(
      /model code "wf"/,
    );
    expect(
      matchName('airpods pro 2nd gen', candidate('Apple AirPods Pro (1st generation)', 'Apple'))
        .rejected,
    ).toBeDefined();
  });

  it('rejects a variant word present on one side only', () => {
    expect(
      matchName('iphone 15 pro', candidate('Apple iPhone 15 Pro Max', 'Apple')).rejected,
    ).toMatch(/max variant/);
    expect(
      matchName('iphone 15 pro max', candidate('Apple iPhone 15 Pro', 'Apple')).rejected,
    ).toMatch(/"max"/);
    expect(
      matchName('galaxy s24', candidate('Samsung Galaxy S24 Ultra', 'Samsung')).rejected,
    ).toBeDefined();
    expect(score('galaxy s24+', 'Samsung Galaxy S24 Plus', 'Samsung')).toBeGreaterThan(0.9);
    // A variant word of what the product fits ("for P-Touch") is no variant of its own.
    const tape = candidate('Brotha Label Tape Black on Yellow for P-Touch TZS651', 'Brotha');
    expect(matchName('Brotha Label Tape Black on Yellow', tape).rejected).toBeUndefined();
    expect(
      matchName('Brotha Touch Label Tape', candidate('Brotha Label Tape Touch')).rejected,
    ).toBeUndefined();
    expect(matchName('Brotha Label Tape', candidate('Brotha Label Tape Touch')).rejected).toMatch(
      /touch variant/,
    );
  });

  it('takes a short word right after the model code for a variant too (ST, FE, GPS)', () => {
    expect(
      matchName('gearloft volt iu77 400wh', candidate('Gearloft Volt IU77 ST 400Wh')).rejected,
    ).toBeDefined();
    expect(
      matchName('galaxy s24', candidate('Samsung Galaxy S24 FE', 'Samsung')).rejected,
    ).toBeDefined();
    expect(score('Gearloft Volt IU77 ST 400Wh', 'Gearloft Volt IU77 ST 400Wh')).toBe(1);
    expect(
      matchName('Kordia Wave LY-3480 (2nd Gen)', candidate('Kordia Wave LY-3480 Go (2nd Gen)'))
        .rejected,
    ).toBeDefined();
    // Not after a code: an ordinary word, and "2nd Gen" stays a generation.
    expect(score('kindle paperwhite 11th gen', 'Kindle Paperwhite (11th Gen)', 'Amazon')).toBe(1);
  });

  it('forgives a missing brand and typos in ordinary words, but not an unknown word', () => {
    expect(score('wh-1000xm5', 'Sony WH-1000XM5')).toBeGreaterThan(0.95);
    expect(
      score('Samsnug Galaxy S24 Ultra', 'Samsung Galaxy S24 Ultra', 'Samsung'),
    ).toBeGreaterThan(0.9);
    expect(
      score(
        'kindel paperwhite 11th generation',
        'Amazon Kindle Paperwhite (11th generation)',
        'Amazon',
      ),
    ).toBeGreaterThan(0.85);
    expect(score('bose wh-1000xm5', 'Sony WH-1000XM5')).toBeLessThan(0.75);
  });

  it('costs more when the query leaves out a number the candidate has', () => {
    const first = score('airpods pro', 'Apple AirPods Pro (1st generation)', 'Apple');
    const second = score('airpods pro', 'Apple AirPods Pro (2nd generation)', 'Apple');
    expect(first).toBe(second);
    expect(first).toBeLessThan(0.9);
  });

  it('does not present a product for a storage size the catalog does not state, and rejects a different one', () => {
    expect(score('iphone 15 pro 256gb', 'Apple iPhone 15 Pro', 'Apple')).toBeLessThan(FOUND_AT);
    expect(score('iphone 15 pro 256gb', 'Apple iPhone 15 Pro 256GB', 'Apple')).toBeGreaterThan(
      FOUND_AT,
    );
    expect(
      matchName('veltra x 128gb', candidate('Veltra X 256GB', 'Veltra')).rejected,
    ).toBeDefined();
    // Written in TB, a capacity is the same capacity in GB.
    expect(matchName('veltra x 250gb', candidate('Veltra X 1 TB', 'Veltra')).rejected).toMatch(
      /^250gb differs/,
    );
    expect(score('veltra x 1000gb', 'Veltra X 1TB', 'Veltra')).toBeGreaterThan(FOUND_AT);
    // A measure the name writes as a decimal ("3.0-Inch") is that measure, not its tenths.
    const name = 'Camco L110 Camera 3.0-Inch LCD';
    const camera = { ...candidate(name, 'Camco'), states: () => measuresWritten(name).asked };
    expect(matchName('camco l110 camera 3in lcd', camera).rejected).toBeUndefined();
    expect(matchName('camco l110 camera 2in lcd', camera).rejected).toMatch(/^2in differs/);
  });

  it('does not take an original for its successor, nor a sibling with a word more', () => {
    expect(score('nikon z6', 'Nikon Z6 II', 'Nikon')).toBeLessThan(FOUND_AT);
    expect(score('sonos move', 'Sonos Move 2', 'Sonos')).toBeLessThan(FOUND_AT);
    expect(
      score('amazon kindle 10th generation', 'Amazon Kindle Oasis (10th generation)', 'Amazon'),
    ).toBeLessThan(FOUND_AT);
    expect(
      score('apple watch se 3rd generation', 'Apple iPhone SE (3rd generation)', 'Apple'),
    ).toBeLessThan(FOUND_AT);
    expect(
      score('sony bravia xr a80k 65 inch', 'Sony Bravia XR A80L 65-inch', 'Sony'),
    ).toBeLessThan(FOUND_AT);
  });

  it('takes a brand glued to the name, or written apart from it, for the same name', () => {
    for (const [query, name, brand] of [
      ['SharpMX-2614N', 'MX-2614N', 'Sharp'],
      ['KodakCX7430', 'CX7430', 'Kodak'],
      ['Sony DSCWX 350', 'DSC-WX350', 'Sony'],
      ['logitech media keyboardk-200', 'Media Keyboard K200', 'Logitech'],
      ['Acer LiquidZ6-E', 'Liquid Z6E', 'Acer'],
    ] as const) {
      expect(matchName(query, candidate(name, brand))).toMatchObject({ score: 1, exact: true });
    }
    expect(matchName('Sony DSC-WX350', candidate('DSC-WX350', 'Nikon')).exact).toBeUndefined();
  });

  it('never lets a brand make a query worse than the name alone', () => {
    // A short brand before a number reads like a model code; a brand may hold a digit or a
    // variant word.
    for (const [query, name, brand] of [
      ['BQ 5740G 7731 phone', '5740G 7731', 'BQ'],
      ['Fusion5 T099 phone', 'T099', 'Fusion5'],
      ['Go Mobile X6 phone', 'X6', 'Go Mobile'],
    ] as const) {
      const match = matchName(query, candidate(name, brand, 'phone'));
      expect(match.rejected).toBeUndefined();
      expect(match.score).toBeGreaterThanOrEqual(FOUND_AT);
    }
  });

  it('forgives one slip in a brand as in any word of four letters or more', () => {
    expect(score('Samsug SCX-4x25', 'SCX-4x25', 'Samsung')).toBeGreaterThanOrEqual(FOUND_AT);
    expect(score('Epsn GT-X970', 'GT-X970', 'Epson')).toBeGreaterThanOrEqual(FOUND_AT);
    expect(score('OnelPus Nord CE 2', 'Nord CE 2', 'OnePlus')).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('forgives a slip in a long variant word, never in a short one', () => {
    const slip = matchName('Alcatel one tuoch J320', candidate('One Touch J320', 'Alcatel'));
    expect(slip.rejected).toBeUndefined();
    expect(slip.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(matchName('iphone 15 prro', candidate('Apple iPhone 15 Pro', 'Apple')).rejected).toMatch(
      /pro variant/,
    );
  });

  it('never reads a short word, a model code or a number as misspelt', () => {
    // A letter doubled in a three-letter word or in a code; a version that adds a digit.
    expect(score('canon eoss 5', 'EOS 5', 'Canon')).toBeLessThan(FOUND_AT);
    expect(matchName('xx200', candidate('X200', 'Lenovo')).rejected).toBeDefined();
    expect(matchName('lenovo x2000', candidate('X200', 'Lenovo')).rejected).toBeDefined();
    expect(matchName('Foo 7.0', candidate('Foo 7', 'Bar')).rejected).toBeDefined();
  });

  it('never identifies a product by its numbers and category alone', () => {
    const nokia = candidate('3.4', 'Nokia', 'smartphone');
    expect(matchName('Smartphone 3.4', nokia).rejected).toMatch(/names no word or code/);
    expect(matchName('Nokia 3.4 smartphone', nokia).rejected).toBeUndefined();
    expect(matchName('Nokia 3.4', nokia).exact).toBe(true);
  });

  it('matches letters written together or apart with the rest of the query around them', () => {
    for (const [query, name, brand, category] of [
      ['SharpMX-2614N printer', 'MX-2614N', 'Sharp', 'printers'],
      ['Sony DSCWX 350 camera', 'DSC-WX350', 'Sony', 'cameras'],
      ['sony dsc wx 350 camera', 'DSCWX350', 'Sony', 'cameras'],
      ['the logitech media keyboardk-200 keyboard', 'Media Keyboard K200', 'Logitech', 'keyboards'],
      ['EP-905F Epson', 'EP-905F', 'Epson', 'printers'],
    ] as const) {
      const match = matchName(query, candidate(name, brand, category));
      expect(match.rejected).toBeUndefined();
      expect(match.score).toBeGreaterThanOrEqual(FOUND_AT);
    }
    // A letter doubled where two runs meet is a typo, not the next run written twice.
    const minicard = candidate('miniCard D2301 Wireless Module', 'Fujitsu', 'network adapter');
    expect(
      matchName('Fujitsu miniCardd D2301 Wireless Module', minicard).score,
    ).toBeGreaterThanOrEqual(FOUND_AT);
    // Digits are never joined: "3 4" is not 34.
    expect(matchName('foo 3 4 phone', candidate('Foo 34', 'Bar')).rejected).toBeDefined();
  });

  it('reads the category after a model as the category, not a variant', () => {
    const match = matchName('GeForce RTX 2060 GPU', candidate('GeForce RTX 2060', 'Nvidia', 'gpu'));
    expect(match.rejected).toBeUndefined();
    expect(match.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(
      matchName('GeForce RTX 2060 OC', candidate('GeForce RTX 2060', 'Nvidia', 'gpu')).rejected,
    ).toMatch(/variant "oc"/);
  });

  it('compares a number written as a measure as that measure, in any unit or language', () => {
    const rejected = (query: string, name: string, brand?: string) =>
      matchName(query, candidate(name, brand, 'monitors')).rejected;
    const title = 'Veltra QX-270 Monitor 68,6 cm (27 Zoll), HDMI 2.0, 75 Hz';
    expect(rejected(title, 'Veltra QX-270 27-Inch Monitor')).toBeUndefined();
    expect(rejected(title, 'Veltra QX-270 32-Inch Monitor')).toMatch(/size 27 in against its 32/);
    expect(rejected('Omnix PowerCube 65 W USB-C', 'Omnix PowerCube 65W USB-C')).toBeUndefined();
    expect(rejected('Omnix PowerCube 65 W USB-C', 'Omnix PowerCube 100W USB-C')).toMatch(
      /power 65 w against its 100 w/,
    );
    // A number written alone, or once alone and once as a measure, is still the model's.
    expect(rejected('Omnix Hub H4 2', 'Omnix Hub H4')).toMatch(/number 2/);
    expect(rejected('Kestra Breeze 40 Fan 40 cm', 'Kestra Breeze 30 Fan')).toMatch(/number 40/);
  });

  it('reads "Ultra HD" as a resolution, not the Ultra model', () => {
    const name = candidate('Vexa 55 QL7 4K Smart TV', 'Vexa', 'televisions');
    expect(matchName('Vexa 55 QL7 4K Ultra HD Smart TV', name).rejected).toBeUndefined();
    expect(matchName('Vexa 55 QL7 Ultra Smart TV', name).rejected).toMatch(/variant "ultra"/);
  });
});
