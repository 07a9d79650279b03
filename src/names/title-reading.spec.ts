import { describe, expect, it } from '@jest/globals';
import { FOUND_AT } from './resolution-decision.js';
import { readTitle } from './title-reading.js';
import { counts, product, read } from './title-reading.fixtures.js';

// README.md, "What a name may look like", gives these rules' examples; the tests below hold them.
describe(readTitle.name, () => {
  const sony = product('Sony', 'WH-1000XM5');
  const xm4 = product('Sony', 'WH-1000XM4');
  const bose = product('Bose', 'Noise Cancelling Headphones 700');

  it('reads words no product of the brand carries as descriptions', () => {
    const [found, other] = read('Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black', [
      sony,
      xm4,
      bose,
    ]);
    expect(found!.describes('wireless')).toBe(true);
    // Bose says "noise", but no Sony candidate does: it tells no Sony product apart.
    expect(found!.describes('noise')).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(/description: /);
    expect(other!.rejected).toMatch(/number 5/);
  });

  it('says which product a code identifies: one no other product of the catalog carries', () => {
    const [found, other] = read('Sony WH-1000XM5 Kopfhörer, schwarz', [sony, xm4]);
    expect(found!.identifiedBy).toBe('wh1000xm5');
    expect(other!.identifiedBy).toBeUndefined();
    // Carried by more names than the product's own: the catalog has it elsewhere too.
    const [shared] = read('Sony WH-1000XM5', [sony], counts({ namesCarrying: () => 3 }));
    expect(shared!.anchor).toBe('wh1000xm5');
    expect(shared!.identifiedBy).toBeUndefined();
  });

  it('says which member of a family its code and what the query says identify', () => {
    const family = [
      product('Kestrel', 'QX-200 Compact Camera Black'),
      product('Kestrel', 'QX-200 Compact Camera Pink'),
    ];
    const [black, pink] = read('Kestrel QX-200 Kamera rosa Pink', family);
    expect(pink!.identifiedBy).toBe('qx200');
    expect(pink!.toldFromFamily).toBe(true);
    expect(black!.identifiedBy).toBeUndefined();
    // Told from neither, or carried beyond the family, none is.
    for (const query of ['Kestrel QX-200 Kamera', 'Kestrel QX-200 Kamera grün'])
      expect(read(query, family).map((p) => p.identifiedBy)).toEqual([undefined, undefined]);
    const beyond = counts({ namesCarrying: () => 3 });
    expect(read('Kestrel QX-200 Pink', family, beyond)[1]!.identifiedBy).toBeUndefined();
  });

  it("reads a product's last words, which the query lacks, as descriptions where they set it apart from no candidate", () => {
    const black = product('Motorola', 'H17 Bluetooth Headset Black');
    const [alone] = read('Motorola H17 Bluetooth Headset', [black, product('Motorola', 'H15')]);
    expect(alone!.setsApart('black')).toBe(false);
    expect(alone!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(alone!.notes.join(' ')).toMatch(/"black" of the candidate tells it from no other/);
    // A sibling that carries what the query says and not the word: the word tells them apart.
    const red = product('Motorola', 'H17 Bluetooth Headset Red');
    const [either, or] = read('Motorola H17 Bluetooth Headset', [black, red]);
    expect(either!.setsApart('black')).toBe(true);
    expect(either!.score).toBeLessThan(FOUND_AT);
    expect(or!.score).toBeLessThan(FOUND_AT);
    // A word before what the query names is a line's name, not a description ("Kindle Oasis").
    const [oasis] = read('Amazon Kindle 10th generation', [
      product('Amazon', 'Kindle Oasis 10th generation'),
    ]);
    expect(oasis!.score).toBeLessThan(FOUND_AT);
    // Nor without the brand named.
    const [unbranded] = read('H17 Bluetooth Headset', [black]);
    expect(unbranded!.score).toBeLessThan(FOUND_AT);
  });

  it('reads a word no name of the catalog carries, after the model or before the brand, as a description', () => {
    const black = product('Kestra', 'Breeze 40 Desk Fan, Black');
    const white = product('Kestra', 'Breeze 40 Desk Fan, White');
    const foreign = new Set(['tischventilator', 'leise', 'oszillierend']);
    const unknown = counts({ namesCarrying: (t) => (foreign.has(t) ? 0 : 1) });
    const [found, other] = read(
      'Kestra Breeze 40 Tischventilator schwarz',
      [black, white],
      unknown,
    );
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(/description: "tischventilator"/);
    expect(other!.score).toBeLessThan(FOUND_AT);
    // The model named, each such word costs as little as the first.
    const [many] = read(
      'Kestra Breeze 40 Tischventilator leise oszillierend schwarz',
      [black],
      unknown,
    );
    expect(many!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(read('Tischventilator Kestra Breeze 40 schwarz', [black], unknown)[0]!.score).toBe(
      found!.score,
    );
    // Between the brand and the model it may name another line; a word the catalog carries
    // elsewhere may be another product's.
    const between = read('Kestra Tischventilator Breeze 40 schwarz', [black], unknown);
    expect(between[0]!.score).toBeLessThan(FOUND_AT);
    expect(read('Kestra Breeze 40 Tower schwarz', [black])[0]!.score).toBeLessThan(FOUND_AT);
  });

  it('never reads a word as a description that the catalog tells siblings apart by', () => {
    const catalog = counts({ siblings: (term) => (term === 'black' ? 12 : 0) });
    // A Sony candidate says it: only one none does describes (anchored-words.spec.ts).
    const [found] = read(
      'Sony WH-1000XM5 Black',
      [sony, product('Sony', 'WH-1000XM4 Black')],
      catalog,
    );
    expect(found!.describes('black')).toBe(false);
    expect(found!.score).toBeLessThan(FOUND_AT);
  });

  it('never reads a word a product of the same maker carries, another brand, or a code part', () => {
    const nanoshell = product('Casewise', 'NanoShell for Tablet Clear');
    const hybrid = product('Casewise', 'Pro Hybrid for Tablet Black');
    const [, found] = read('Casewise NanoShell for Tablet Black', [nanoshell, hybrid]);
    expect(found!.describes('nanoshell')).toBe(false);
    expect(found!.score).toBeLessThan(FOUND_AT);
    const bagco = product('Bagco', 'Verano Leather Portfolio for Slate PlayPad');
    const kit = product('Slate', 'PlayPad Accessories Kit Black');
    const [, against] = read('Bagco Verano Case for Slate PlayPad', [bagco, kit]);
    expect(against!.describes('bagco')).toBe(false);
    const [lens] = read('Optica Z200V Lens with WCL-Z200', [
      product('Optica', 'Z200V Lens with TCL-Z200'),
    ]);
    expect(lens!.describes('wcl')).toBe(false);
  });

  it('reads a misspelt or glued word of a candidate as that word, not a description', () => {
    const rose = product('Clicker', 'Wireless Mobile Mouse 4000 Special Edition Rose Q Lindqvist');
    const [found] = read('Clicker Wireless Mobile Mouse 4000 RQLindqvist', [rose]);
    expect(found!.describes('rqlindqvist')).toBe(false);
    const komen = product('Clicker', 'Pink Ribbon Mouse Susan G Komen');
    const [ribbon] = read('Clicker Pink Ribbon Mouse SGKomen Edition', [komen]);
    expect(ribbon!.describes('sgkomen')).toBe(false);
    const [typo] = read('Sony WH-1000XM5 Headphnes', [sony]);
    expect(typo!.describes('headphnes')).toBe(true); // the category's word, misspelt, says little
  });

  it('describes only a product the query names whole: "Xbox One X" is not the Series X', () => {
    const [series] = read('Microsoft Xbox One X', [product('Microsoft', 'Xbox Series X')]);
    expect(series!.score).toBeLessThan(FOUND_AT);
    const [plain] = read('iPhone 15 Pro 128GB', [product('Apple', 'iPhone 15 Pro')]);
    expect(plain!.score).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('reads a capacity some candidate states as telling products apart', () => {
    const [pro128, pro256] = read('Apple iPhone 15 Pro 128GB', [
      product('Apple', 'iPhone 15 Pro 128GB'),
      product('Apple', 'iPhone 15 Pro 256GB'),
    ]);
    expect(pro128!.score).toBe(1);
    expect(pro256!.score).toBeLessThan(FOUND_AT);
  });

  it('reads a long catalog name as a title: its extra words describe, its codes cost', () => {
    const title = product('Papyr', 'Pro 8-Sheet Cross Cut Paper Shredder with Basket Black 07731');
    const [found] = read('Papyr Pro 8-Sheet Paper Shredder', [title]);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // Without the brand, no leniency: the words of the title count as they always did.
    const [unbranded] = read('Pro 8-Sheet Paper Shredder', [title]);
    expect(unbranded!.score).toBeLessThan(FOUND_AT);
  });

  it('keeps a model number that goes on in letters another model, but not a part number', () => {
    const pixel = product('Google', 'Pixel 8a');
    expect(read('Google Pixel 8', [pixel])[0]!.rejected).toMatch(/model code "a"/);
    const ink = product('Inkwell', 'CT-338 Cyan Ink Tank 8812B004 Retail Packaging');
    expect(read('Inkwell CT-338 Cyan Ink Tank', [ink])[0]!.rejected).toBeUndefined();
    // A name that says the number alone too gives the longer code as a part number's.
    const cooler = product('Chillco', 'Vortex 212 Plus CPU Cooler VX-B10-212P-G1');
    expect(read('Chillco Vortex 212 Plus CPU Cooler', [cooler])[0]!.rejected).toBeUndefined();
    expect(
      read('Chillco Vortex 212 Plus', [product('Chillco', 'Vortex 212P Plus')])[0]!.rejected,
    ).toMatch(/model code "p"/);
  });

  it('reads a number written apart from the letters a name glues it to as that word', () => {
    const sleeve = product('Rondo', 'Leather Tablet Sleeve for Tabula Tabula2 - Brown');
    const [found] = read('Rondo Leder Sleeve für Tabula / Tabula 2, Brown', [sleeve]);
    expect(found!.rejected).toBeUndefined();
    // A quantity written alone is still no digit of a code the query does not write apart.
    const [alone] = read('Rondo Leather Tablet Sleeve, Brown, 2 pieces', [sleeve]);
    expect(alone!.rejected).toMatch(/number 2/);
  });

  it("never reads another candidate's brand as a description, digits in it or not", () => {
    const original = product('Orvo', 'OX-30271 Cyan Ink Cartridge');
    const refill = product('2Refill', 'Remanufactured Replacement for Orvo OX-30271 Cyan Ink');
    const [byCode, byBrand] = read('2Refill Remanufactured Orvo OX-30271 Cyan Tinte', [
      original,
      refill,
    ]);
    expect(byCode!.anchor).toBe('ox30271');
    expect(byCode!.notes.join(' ')).toMatch(/"2refill" is another candidate's brand/);
    expect(byCode!.score).toBeLessThan(FOUND_AT);
    expect(byBrand!.score).toBeGreaterThan(byCode!.score);
  });

  it('reads a code written as one word as that word, never its letters and number apart', () => {
    // "NEXT7" is not the "NEXT6" of a 7-inch tablet, nor "BLKS" a misspelt "BLUS".
    const tablet = product('Efun', 'NEXT6 7-Inch Color TFT Display Tablet with Borders');
    expect(read('Efun NEXT7', [tablet])[0]!.rejected).toMatch(/model code "next7"/);
    const cable = product('Vee', 'CAT5e Patch Cable Blue 3-Feet V7N3C5E-03F-BLUS');
    const [blks] = read('Vee V7N3C5E-03F-BLKS', [cable]);
    expect(blks!.notes.join(' ')).not.toMatch(/read as "blus"/);
    expect(blks!.score).toBeLessThan(FOUND_AT);
    // With the brand glued on, or the code split as the name splits it, it is the same word.
    expect(read('EfunNEXT6 tablet', [tablet])[0]!.rejected).toBeUndefined();
    expect(read('Vee V7N3C5E 03F BLUS', [cable])[0]!.rejected).toBeUndefined();
  });

  it('forgives a quantity in a title its code anchors, never a part number', () => {
    const toner = product(
      'Inkwell',
      'K4471B LaserPro 44B Black Print Cartridge in Retail Packaging',
    );
    const [found] = read('Inkwell K4471B Inkwell 44B Toner 6000 Page-Yield Black', [toner]);
    expect(found!.anchor).toBe('k4471b');
    expect(found!.rejected).toBeUndefined();
    const [part] = read('Inkwell K4471B Toner 46157 Black', [toner]);
    expect(part!.rejected).toMatch(/number 46157/);
    // Quantities joined by a slash or a times are quantities: speeds, a resolution.
    const hub = product('Netwise', 'NW-GX5 Gigabit Switch');
    for (const title of ['Netwise NW-GX5 Switch 10/100/1000 Mbps', 'Netwise NW-GX5 1920x1080'])
      expect(read(title, [hub])[0]!.rejected).toBeUndefined();
    expect(read('Netwise NW-GX5 Switch 10/46157', [hub])[0]!.rejected).toMatch(/number/);
  });
  it('reads the words before the kind of product a query names last as descriptions', () => {
    const ofKind = (name: string) => ({ ...product('Switchco', name), category: 'network switch' });
    const [found, other] = read('Switchco TF-24G switch', [
      ofKind('TF-24G 24-Port Gigabit Switch'),
      ofKind('TF-48G 48-Port Gigabit Switch'),
    ]);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(
      /"port", "gigabit" of the candidate tell it from no other/,
    );
    expect(other!.score).toBeLessThan(FOUND_AT);
  });

  it('reads a measure after a code as a measure, not as the code going on', () => {
    const camera = product('Camco', 'EasyShot Z530 12 MP Digital Camera with 3x Zoom Red');
    const [found] = read('Camco EasyShot Z530 Red 12MP Digital Camera w 50 Prints', [camera]);
    expect(found!.anchor).toBe('z530');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('never lets an anchored name say a variant word the query does not, nor the query one', () => {
    const [plus] = read('Beamco PJ7710 Projector', [product('Beamco', 'PJ7710 Plus Projector')]);
    expect(plus!.score).toBeLessThan(FOUND_AT);
    // Where the catalog holds both, it counts "Mini" as telling them apart.
    const both = counts({ siblings: (term) => (term === 'mini' ? 1 : 0) });
    const [black, mini] = read(
      'Shotcam AX11 Black',
      [product('Shotcam', 'AX11 Black'), product('Shotcam', 'AX11 Black Mini')],
      both,
    );
    expect([black!.anchor, mini!.anchor]).toEqual(['ax11', 'ax11']);
    expect(mini!.score).toBeLessThan(black!.score - 0.1);
    expect(
      read('Shotcam AX11 Black Mini', [product('Shotcam', 'AX11 Black')])[0]!.rejected,
    ).toMatch(/variant "mini"/);
  });

  it('lets an anchored name say a part number, never a year or a generation', () => {
    const [part] = read('Copyco CX4471 Transfer Unit', [
      product('Copyco', 'CX4471 Transfer Unit 771234'),
    ]);
    expect(part!.score).toBeGreaterThanOrEqual(FOUND_AT);
    const [year] = read('Tidy MH-7200E Black', [product('Tidy', 'MH-7200E Black 2025')]);
    expect(year!.score).toBeLessThan(FOUND_AT);
  });
});
