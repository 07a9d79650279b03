import { describe, expect, it } from '@jest/globals';
import { brandForm } from './candidate-name.js';
import { nameMatcher } from './name-matcher.js';
import { normaliseName } from './name-normaliser.js';
import { FOUND_AT } from './resolution-decision.js';
import { readTitle, type TermCounts } from './title-reading.js';

/** A candidate product as the resolver reads it: its brand and normalised names. */
const product = (brand: string, ...names: string[]) => ({
  brand: brandForm(brand),
  names: names.map(normaliseName),
  category: 'headphones',
});

/** The catalog's counts: every term rare unless said otherwise, and no sibling words. */
const counts = (overrides: Partial<TermCounts> & { common?: string[] } = {}): TermCounts => ({
  namesCarrying: (term) => (overrides.common?.includes(term) ? 500 : 1),
  siblings: () => 0,
  searchNames: 20_000,
  ...overrides,
});

type Product = ReturnType<typeof product>;

/** How the query reads against each product, and how well it names each one's first name. */
function read(query: string, products: Product[], catalog = counts()) {
  const reading = readTitle(query, products, catalog);
  const match = nameMatcher(query);
  return products.map((p, i) => {
    const against = reading.against(i);
    const m = match({
      text: p.names[0]!,
      brand: p.brand,
      categoryWords: new Set([p.category.replace(/s$/, '')]),
      read: against,
    });
    return { ...against, ...m };
  });
}

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
    expect(found!.notes.join(' ')).toMatch(/a description/);
    expect(other!.rejected).toMatch(/number 5/);
  });

  it('never reads a word as a description that the catalog tells siblings apart by', () => {
    const catalog = counts({ siblings: (term) => (term === 'black' ? 12 : 0) });
    const [found] = read('Sony WH-1000XM5 Black', [sony, xm4], catalog);
    expect(found!.describes('black')).toBe(false);
    expect(found!.score).toBeLessThan(FOUND_AT);
  });

  it('never reads a word a product of the same maker carries, another brand, or a code part', () => {
    const microshell = product('Marware', 'MicroShell for iPad Clear');
    const hybrid = product('Marware', 'C.E.O. Hybrid for iPad Black');
    const [, found] = read('Marware MicroShell for iPad Black', [microshell, hybrid]);
    expect(found!.describes('microshell')).toBe(false);
    expect(found!.score).toBeLessThan(FOUND_AT);
    const targus = product('Targus', 'Zierra Leather Portfolio for BlackBerry PlayBook');
    const kit = product('BlackBerry', 'PlayBook Accessories Kit Black');
    const [, against] = read('Targus Zierra Case for BlackBerry Playbook', [targus, kit]);
    expect(against!.describes('targus')).toBe(false);
    const [lens] = read('Fujifilm X100V Lens with WCL-X100', [
      product('Fujifilm', 'X100V Lens with TCL-X100'),
    ]);
    expect(lens!.describes('wcl')).toBe(false);
  });

  it('reads a misspelt or glued word of a candidate as that word, not a description', () => {
    const komen = product('Microsoft', 'Wireless Mobile Mouse 4000 Special Edition Susan G Komen');
    const [found] = read('Microsoft Wireless Mobile Mouse 4000 SGKomen', [komen]);
    expect(found!.describes('sgkomen')).toBe(false);
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

  it('anchors the one product that carries a rare code whole, under a brand the query names', () => {
    const drive = product('Toshiba', '1 TB USB 3.0 External Hard Drive PH3100U-1E3S Black Silver');
    const other = product('Toshiba', '2 TB USB 3.0 External Hard Drive PH3200U-1E3S Black');
    const [found, sibling] = read('Toshiba PH3100U-1E3S 1TB USB 3.0 Desktop Hard Drive', [
      drive,
      other,
    ]);
    expect(found!.anchor).toBe('ph3100u1e3s');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(sibling!.anchor).toBeUndefined();
    // The same code written without its hyphen, or with the brand left out (no anchor).
    expect(read('Toshiba PH3100U1E3S Hard Drive', [drive])[0]!.anchor).toBe('ph3100u1e3s');
    expect(read('PH3100U-1E3S Hard Drive', [drive])[0]!.anchor).toBeUndefined();
  });

  it('does not anchor a code two candidates carry, a common one, a measure, or a cut one', () => {
    const a = product('Imation', 'DC6250 250 500MB Cartridge');
    const b = product('Imation', 'Standard QIC Data Cartridges DC6250 Unformatted 500MB');
    expect(read('Imation DC6250 Data Cartridge', [a, b]).map((r) => r.anchor)).toEqual([
      undefined,
      undefined,
    ]);
    const common = counts({ namesCarrying: () => 40 });
    expect(read('Imation DC6250 Data Cartridge', [b], common)[0]!.anchor).toBeUndefined();
    expect(read('Seagate 500GB Drive', [product('Seagate', 'Barracuda 500GB')])[0]!.anchor).toBe(
      undefined,
    );
    // "UPort 1650-16" goes on past the query's code: it is another model.
    const uport = product('Moxa', 'UPort 1650-16 16-Port Serial Hub');
    expect(read('Moxa UPort 1650-8 8-Port Serial Hub', [uport])[0]!.anchor).toBeUndefined();
  });

  it('reads a long catalog name as a title: its extra words describe, its codes cost', () => {
    const title = product('Inland', 'Pro 8-Sheet Cross Cut Paper Shredder with Basket Black 05302');
    const [found] = read('Inland Pro 8-Sheet Paper Shredder', [title]);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // Without the brand, no leniency: the words of the title count as they always did.
    const [unbranded] = read('Pro 8-Sheet Paper Shredder', [title]);
    expect(unbranded!.score).toBeLessThan(FOUND_AT);
  });

  it('keeps a model number that goes on in letters another model, but not a part number', () => {
    const pixel = product('Google', 'Pixel 8a');
    expect(read('Google Pixel 8', [pixel])[0]!.rejected).toMatch(/model code "a"/);
    const ink = product('Canon', 'CLI-226 Cyan Ink Tank 4547B001 Retail Packaging');
    expect(read('Canon CLI-226 Cyan Ink Tank', [ink])[0]!.rejected).toBeUndefined();
  });

  it('forgives a quantity in a title its code anchors, never a part number', () => {
    const toner = product('HP', 'Q6511A LaserJet 11A Black Print Cartridge in Retail Packaging');
    const [found] = read('HP Q6511A HP 11A Toner 6000 Page-Yield Black', [toner]);
    expect(found!.anchor).toBe('q6511a');
    expect(found!.rejected).toBeUndefined();
    const [part] = read('HP Q6511A Toner 46157 Black', [toner]);
    expect(part!.rejected).toMatch(/number 46157/);
  });
});
