import { describe, expect, it } from '@jest/globals';
import { normaliseName } from './name-normaliser.js';
import { tokenizeNormalised } from './name-tokens.js';

const tokenize = (name: string) => tokenizeNormalised(normaliseName(name));

const show = (name: string) =>
  tokenize(name).map((t) =>
    t.kind === 'word' ? t.text : `${t.text}:${t.kind}${t.unit ? `(${t.unit})` : ''}`,
  );

describe('tokenize', () => {
  it('splits letters from digits and marks model codes, whatever the spacing', () => {
    const expected = ['sony', 'wh:code', '1000:number', 'xm:code', '5:number'];
    expect(show('Sony WH-1000XM5')).toEqual(expected);
    expect(show('sony wh1000xm5')).toEqual(expected);
    expect(show('SONY wh 1000 xm5')).toEqual(expected);
  });

  it('splits words of other scripts and digits as it splits ASCII ones', () => {
    expect(show('Sony α7 IV')).toEqual(['sony', 'α:code', '7:number', '4:number']);
    expect(show('Xperia ١٠ Plus')).toEqual(['xperia', '١٠:number', 'plus:variant']);
    expect(show('Huawei P30Жmax')).toEqual(['huawei', 'p:code', '30:number', 'жmax:code']);
  });

  it('reads a count written as a word as its number, but not "one", which names products', () => {
    expect(show('Dividers Eight-Tab')).toEqual(show('Dividers 8-Tab'));
    expect(show('Dividers Eight-Tab')[1]).toBe('8:number');
    expect(show('Two-Way Radio')).toEqual(show('2-Way Radio'));
    expect(show('Xbox One X')).toEqual(['xbox', 'one', 'x']);
    expect(show('72-In-One Card Reader')).toEqual(show('72-in-1 Card Reader'));
    expect(show('Twelve South')[0]).toBe('12:number');
    expect(show('Twelves')).toEqual(['twelves']);
  });

  it('reads a count glued to its number as a word, and a length written out as its unit', () => {
    expect(show('Wedge Gray 2pk')).toEqual(['wedge', 'gray', '2:number', 'pack']);
    expect(show('Wedge Gray 2pk')).toEqual(show('Wedge Gray 2 Pack'));
    expect(show('Tea Bags 64 ct')).toEqual(show('Tea Bags 64ct'));
    expect(show('Tea Bags 64 ct')).toEqual(['tea', 'bags', '64:number', 'count']);
    expect(show('Tape 23 Feet')).toEqual(show('Tape 23ft'));
    expect(show('Ruban 23 pieds')).toEqual(show('Ruban 23ft'));
    expect(show('Folders 11pt Legal')).toEqual(show('Folders 11 Point Legal'));
    expect(show('Folders 11pt Legal')[1]).toBe('11:unit-number(pt)');
    expect(show('PK-200 Adapter')[0]).toBe('pk:code');
  });

  it('classifies variant words, ordinals, roman numerals and units', () => {
    expect(show('Apple iPhone 15 Pro Max')).toEqual([
      'apple',
      'iphone',
      '15:number',
      'pro:variant',
      'max:variant',
    ]);
    expect(show('AirPods Pro (2nd generation)')).toEqual([
      'airpods',
      'pro:variant',
      '2:number',
      'generation',
    ]);
    expect(show('Canon EOS R6 Mark II')).toEqual([
      'canon',
      'eos',
      'r:code',
      '6:number',
      'mark',
      '2:number',
    ]);
    expect(show('Galaxy S24+')).toEqual(['galaxy', 's:code', '24:number', 'plus:variant']);
    expect(show('iPhone 15 Pro 256GB')).toEqual([
      'iphone',
      '15:number',
      'pro:variant',
      '256:unit-number(gb)',
    ]);
    expect(show('LG C3 OLED 65 inch')).toEqual([
      'lg',
      'c:code',
      '3:number',
      'oled',
      '65:unit-number(in)',
    ]);
    expect(show('Kindle Paperwhite (11th Gen)')).toEqual([
      'kindle',
      'paperwhite',
      '11:number',
      'generation',
    ]);
  });

  it('never takes a word that says nothing for a model code or a variant', () => {
    expect(show('TV Box by 1&1')).toEqual(['tv', 'box', 'by', '1:number', '1:number']);
    expect(show('Quadro FX 3700M by NVIDIA')).toEqual([
      'quadro',
      'fx:code',
      '3700:number',
      'm:code',
      'by',
      'nvidia',
    ]);
  });

  it('reads a word joining a number to what it counts or bounds as a word, never a code', () => {
    expect(show('Manila Box of 100')).toEqual(['manila', 'box', 'of', '100:number']);
    expect(show('Mount for 22 to 40 Screens')).toEqual([
      'mount',
      'for',
      '22:number',
      'to',
      '40:number',
      'screens',
    ]);
    expect(show('100 Per Box')).toEqual(['100:number', 'per', 'box']);
    expect(show('10 or 100')).toEqual(['10:number', 'or', '100:number']);
    // Other short words before a number stay a model's prefix ("FX 3700M", "S 24").
    expect(show('Galaxy S 24')).toEqual(['galaxy', 's:code', '24:number']);
  });
  it('reads a lone "w" between words as "with", never a designator after a model or at the end', () => {
    expect(show('Desk Organizer w/ Supplies')).toEqual(show('Desk Organizer with Supplies'));
    expect(show('Digital Camera w 5x Optical Zoom')[2]).toBe('with');
    expect(show('Xperia W')).toEqual(['xperia', 'w']);
    expect(show('Xperia Z3 W Case')).toEqual(['xperia', 'z:code', '3:number', 'w:variant', 'case']);
  });

  it("reads a function word of shops' languages after a model as a word, not a designator", () => {
    expect(show('Vifta X200 mit Fernbedienung')).toEqual([
      'vifta',
      'x:code',
      '200:number',
      'mit',
      'fernbedienung',
    ]);
    expect(show('Ventilateur X200 avec télécommande')[3]).toBe('avec');
    expect(show('Ventilador X200 con mando')[3]).toBe('con');
    // Before a number, it is no prefix of a code.
    expect(show('Akku mit 2 Zellen')).toEqual(['akku', 'mit', '2:number', 'zellen']);
    // Edition words stay designators, in any language's list.
    expect(show('Galaxy Note 8 LE')[3]).toBe('le:variant');
    expect(show('Nikon D750 SE')[3]).toBe('se:variant');
    // And a quantity: "128 Go" is 128 GB, the Go after a model number is the Go model.
    expect(show('Clé 128 Go')).toEqual(['cle', '128:unit-number(gb)']);
    expect(show('LY-3480 Go')).toEqual(['ly:code', '3480:number', 'go:variant']);
    // A capacity in TB is the same capacity in GB.
    expect(show('Drive 1TB')).toEqual(['drive', '1000:unit-number(gb)']);
    // Torque, pressure, brightness are measures, not a model's letters.
    expect(show('Drill 70 Nm')).toEqual(['drill', '70:unit-number(nm)']);
    expect(show('Washer 145 bar')).toEqual(['washer', '145:unit-number(bar)']);
    // A unit of one letter, glued to its number, within the values products have.
    expect(show('Charger 6V/12V')).toEqual(['charger', '6:number', 'v:code', '12:unit-number(v)']);
    expect(show('Dash Cam 1080p')).toEqual(['dash', 'cam', '1080:unit-number(p)']);
    for (const model of ['LaserJet 4V', 'Intel 82567V', 'Vantor A80V'])
      expect(show(model).some((t) => t.includes('unit-number'))).toBe(false);
    // Per second, a capacity's unit is a rate's.
    expect(show('SATA 6Gb/s')).toEqual(['sata', '6000:unit-number(mbps)', 's']);
  });

  it("reads a short word after a screen's resolution as a word, not a designator", () => {
    expect(show('Monitor 4K UHD')[3]).toBe('uhd');
    expect(show('Monitor U8K UHD')[4]).toBe('uhd:variant');
  });

  it('takes the names of object properties for the words they are', () => {
    expect(show('Acme Constructor 2 valueOf __proto__ toString')).toEqual([
      'acme',
      'constructor',
      '2:number',
      'valueof',
      'proto',
      'tostring',
    ]);
  });
});
