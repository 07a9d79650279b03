import { describe, expect, it } from '@jest/globals';
import { nameMatcher } from './name-matcher.js';
import { readTitle } from './title-reading.js';
import { FOUND_AT } from './resolution-decision.js';
import { counts, product, read } from './title-reading.fixtures.js';

// What the words of a query say beside the code that anchors a product (title-reading.ts,
// soft-score.ts): a common word is meant as written, a word the name never says describes
// what it does not say.
describe('words beside an anchoring code', () => {
  // Colours tell siblings apart on many of the names that carry them.
  const colour = (term: string) => term === 'black' || term === 'gray';
  const colours = counts({
    siblings: (term) => (colour(term) ? 30 : 0),
    namesCarrying: (term) => (colour(term) ? 300 : 1),
  });

  it('reads a word no siblings are told apart by as a description of an anchored product', () => {
    const printer = product('Printco', 'LX5570CDW Color Laser Printer with Wireless and Duplex');
    const sibling = product('Printco', 'LX-5070CDW Color Laser Printer with Duplex Printing');
    const [found, other] = read('Printco LX-5570CDW Wireless Laser Printer Duplex printing', [
      printer,
      sibling,
    ]);
    // A sibling says "printing", yet the catalog never tells two products apart by it.
    expect(found!.anchor).toBe('lx5570cdw');
    expect(found!.describes('printing')).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(other!.rejected).toBeDefined();
    // A word that often tells siblings apart contradicts the code: a colour.
    const [gray] = read('Printco LX-5570CDW Gray', [printer], colours);
    expect(gray!.describes('gray')).toBe(false);
    expect(gray!.score).toBeLessThan(FOUND_AT);
  });

  it('reads a common word of names as meant, never as a misspelt word of another candidate', () => {
    const tv = product('Tvco', '42LK450 42-Inch 1080p LCD HDTV');
    const glass = product('Tvco', 'Glass Stand for 42-Inch HDTV');
    const query = 'Tvco 42 Class LCD 1080p HDTV 42LK450';
    const common = counts({ common: ['class'] });
    const [found] = read(query, [tv, glass], common);
    expect(found!.anchor).toBe('42lk450');
    expect(found!.describes('class')).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A rare word one letter from a candidate's word may be that word misspelt: it counts.
    const [rare] = read(query, [tv, glass]);
    expect(rare!.describes('class')).toBe(false);
    expect(rare!.score).toBeLessThan(FOUND_AT);
  });

  it('reads a word no candidate of its maker carries as describing an anchored name named whole', () => {
    const keyboard = product('Shieldco', 'SSK107 Medical Grade Keyboard');
    const query = 'Shieldco SSK107 Medical Grade Keyboard Black';
    const [found] = read(query, [keyboard], colours);
    expect(found!.anchor).toBe('ssk107');
    expect(found!.makerLacks('black')).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A name that says a word the query does not (another colour) is not named whole.
    const white = product('Shieldco', 'SSK107 Medical Grade Keyboard White');
    expect(read(query, [white], colours)[0]!.score).toBeLessThan(FOUND_AT);
    // A candidate of the maker that carries the word tells the two apart by it.
    const other = product('Shieldco', 'SSK100 Keyboard Black');
    const [told] = read(query, [keyboard, other], colours);
    expect(told!.makerLacks('black')).toBe(false);
    expect(told!.score).toBeLessThan(FOUND_AT);
    // Without the code, the colour may be a sibling's that the catalog lacks.
    const [plain] = read('Shieldco Medical Grade Keyboard Black', [keyboard], colours);
    expect(plain!.score).toBeLessThan(FOUND_AT);
  });

  it('never lets an alias alone, named whole, make a colour of the query describe', () => {
    // The alias is the code the query names; the name ("Black") is what the product is.
    const phone = product('Phoneco', 'Stratus GSM Phone Black', 'C3050');
    const query = 'Phoneco C3050 GSM Phone Gray';
    const reading = readTitle(query, [phone], colours);
    const against = reading.against(0);
    expect(against.anchor).toBe('c3050');
    const context = { brand: phone.brand, categoryWords: new Set<string>(), read: against };
    const match = nameMatcher(query);
    const alias = match({ text: phone.names[1]!, alias: true, ...context });
    expect(alias.score).toBeLessThan(FOUND_AT);
    // Read as the product's name, the same alias would have been named whole.
    expect(match({ text: phone.names[1]!, ...context }).score).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('reads a measure one of the anchored product’s names states as its own', () => {
    // Asked by its model number, a camera whose name states 8MP, beside another that does too.
    const camera = product('Camco', 'PowerShot SX100IS 8MP Digital Camera', 'SX100IS');
    const other = product('Camco', 'PowerShot A590 8MP Digital Camera', 'A590');
    const byAlias = (query: string, p: typeof camera, against = [p, other]) => {
      const reading = readTitle(query, against, counts());
      const read = reading.against(0);
      const context = { brand: p.brand, categoryWords: new Set<string>(), read };
      return { read, match: nameMatcher(query)({ text: p.names[1]!, alias: true, ...context }) };
    };
    const eight = byAlias('Camco SX100IS 8MP', camera);
    expect(eight.read.anchor).toBe('sx100is');
    expect(eight.match.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A measure no candidate states, but that its name states otherwise, is another product's.
    expect(byAlias('Camco SX100IS 10MP', camera).match.score).toBeLessThan(FOUND_AT);
    // A drive whose name states 8GB is no 4GB drive, another candidate's measure.
    const drive = product('Driveco', 'FireFly 8GB USB Flash Drive Charcoal', 'JDFF8GBASBNA');
    const four = product('Driveco', 'FireFly 4GB USB Flash Drive White', 'JDFF4GBASBNA');
    const fourOf = byAlias('Driveco JDFF8GBASBNA 4GB', drive, [drive, four]);
    expect(fourOf.read.anchor).toBe('jdff8gbasbna');
    expect(fourOf.match.score).toBeLessThan(FOUND_AT);
  });

  it('reads a variant word of an anchored name as a word of it where the catalog never tells one by it', () => {
    const ink = product('Inkco', 'Durabrite Ultra Ink Yellow T125420');
    const query = 'Inkco T125420 Yellow DURABrite Cartridge';
    const [found] = read(query, [ink]);
    expect(found!.anchor).toBe('t125420');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    const apart = counts({ siblings: (term) => (term === 'ultra' ? 3 : 0) });
    expect(read(query, [ink], apart)[0]!.score).toBeLessThan(FOUND_AT);
  });

  it('keeps the anchor where the query writes its code cut short too, not another code', () => {
    const lock = product('Lockwell', 'KD365VPLY505 Plymouth Keypad Deadbolt Bright Brass');
    const [found] = read('Lockwell KD365 Tastaturschloss Messing KD365VPLY505 1 3/4" Tür', [lock]);
    expect(found!.anchor).toBe('kd365vply505');
    expect(found!.rejected).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A code it does not start with is another product's.
    expect(read('Lockwell KD366 KD365VPLY505', [lock])[0]!.anchor).toBeUndefined();
    // One as short as a standard's ("Gen4") says what it works with.
    const ssd = product('Solido', 'P9 Plus 1 TB NVMe SSD', 'SD1000P9PSSD8');
    expect(read('Solido P9 Plus SSD NVMe Gen4 SD1000P9PSSD8', [ssd])[0]!.anchor).toBe(
      'sd1000p9pssd8',
    );
    // Unless the product writes its letters with another number.
    const tape = product('Tapeco', 'DDS-3 Data Cartridge', '40347');
    expect(read('Tapeco 40347 DDS-2 Data Cartridge', [tape])[0]!.anchor).toBeUndefined();
    expect(read('Tapeco 40347 DDS-3 Data Cartridge', [tape])[0]!.anchor).toBe('40347');
  });

  it('tells a family apart by a condition or edition one states and the query does not', () => {
    const router = product('Netwise', 'RG614 Wireless-G Router');
    const renewed = product('Netwise', 'RG614 Refurbished Wireless-G Router RG614NAR');
    const [found, other] = read('Netwise RG614 trådløs ruter 54 Mbps', [router, renewed]);
    expect(found!.untoldFrom).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(other!.rejected).toMatch(/does not tell it from/);
    // Asked refurbished, the query names the other; asked neither way, the plain one is new.
    const [plain, asked] = read('Netwise RG614 ruter, generalüberholt', [router, renewed]);
    expect(asked!.untoldFrom).toBeUndefined();
    expect(plain!.untoldFrom).toBeDefined();
  });

  it('reads a title that is something for the product its code names as no title of it', () => {
    const stylus = product('Stylo', 'Stylus in Aluminium for Tablets and Phones', 'SG16040');
    const fitted = (query: string) => read(query, [stylus])[0]!.fitted;
    expect(fitted('Replacement Rubber Tips for Stylo Stylus SG16040, Pack of 3')).toBe(true);
    expect(fitted('Strømadapter til Stylo SG16040')).toBe(true);
    expect(fitted('Skärmskydd till Stylo SG16040, 2-pack')).toBe(true);
    expect(fitted('Custodia rigida per Stylo SG16040')).toBe(true);
    expect(fitted('Batteri kompatibelt med Stylo SG16040, uoriginalt')).toBe(true);
    // A short word before the "for" says nothing of the item, whatever its name writes.
    expect(fitted('Cover in Nylon for Stylo SG16040')).toBe(true);
    // Its own words before the "for", or its code, and it is the product.
    expect(fitted('Stylo Stylus for iPad SG16040')).toBeUndefined();
    expect(fitted('Stylo SG16040 for Tablets')).toBeUndefined();
  });

  it('reads a number no member of the family a code anchors carries as telling none apart', () => {
    const white = product('Rolando', 'FQ-30X Digital Piano White');
    const black = product('Rolando', 'FQ-30X Digital Piano Black');
    const [found] = read('Rolando FQ-30X 88-Key Digital Piano - White', [white, black]);
    expect(found!.rejected).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A year is another model's, not a number that tells none apart.
    const [year] = read('Rolando FQ-30X Digital Piano White (2025)', [white, black]);
    expect(year!.rejected).toMatch(/number 2025/);
  });
});
