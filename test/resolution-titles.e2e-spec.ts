import { describe, expect, it } from '@jest/globals';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { formatExplanation } from '../src/lookup/resolve.command.js';
import { CODE_SUGGESTED } from '../src/names/resolution-decision.js';
import { product } from './support/catalog-files.js';
import { resolverContext } from './support/resolver-context.js';

// Titles as shops write them (issue 30), resolved against a small catalog imported into
// PostgreSQL, as the service resolves them: the catalog's own counts (which words tell siblings
// apart) come from the import. The rules' finer cases are in src/names/*.spec.ts.

describe(`${NameResolver.name} on shop titles`, () => {
  const listing = (id: string, brand: string, name: string, aliases?: string[]) =>
    product(id, { brand, name, ...(aliases && { aliases }) });
  const catalog = resolverContext([
    // Colours the catalog tells siblings apart by.
    listing('lamp-black', 'Deskco', 'Desk Lamp Black'),
    listing('lamp-gray', 'Deskco', 'Desk Lamp Gray'),
    listing('lamp-white', 'Deskco', 'Desk Lamp White'),
    listing('fan-black', 'Deskco', 'Desk Fan Black'),
    listing('fan-gray', 'Deskco', 'Desk Fan Gray'),
    listing('ssk107', 'Seal Shield', 'SSK107 Medical Grade Keyboard'),
    listing('stratus', 'Samsung', 'Stratus GSM Phone Black', ['C3050']),
    listing('erc-09b', 'Epson', 'Black Ribbon Cassette for M-160 ERC-09B'),
    // Its model number reads the query better than its name, which leaves five codes unsaid.
    listing('erc-38b', 'Epson', 'Erc Ribbon Cassette for TMU200D TM300A TM300B TM267 TM288', [
      'ERC-38B',
    ]),
    listing('organizer', 'Rubbermaid', 'Rotary Desk Organizer with Supplies'),
    listing('folders', 'Smead', '37160 - Recycled End Tab Fastener Folders 11 Point Legal'),
    listing('charging-kit', 'Inland', 'Pro iPhone and iPod 3-In-One Charging Kit'),
    // A title that says "Slim", which tells no two products apart here; and "Lite", which does.
    listing('ssd', 'Driveco', 'RevoDisk 110 GB PCI Express Slim Solid State Drive DRV1RVD0110'),
    listing('printer', 'Labelco', 'Label Printer'),
    listing('printer-lite', 'Labelco', 'Label Printer Lite'),
    listing('printer-roll', 'Labelco', 'Thermal Label Printer Lite with Roll Holder and Cutter'),
    // Codes that no other product carries, and siblings of their lines.
    listing('qx-4410', 'Vantor', 'QX-4410 Portable Speaker Blue'),
    listing('qx-4420', 'Vantor', 'QX-4420 Portable Speaker Red'),
    listing('mk-2209', 'Memco', 'MK-2209 USB Flash Drive 64 GB'),
    listing('hl-90', 'Vantor', 'HL-90 Headlamp'),
    listing('hl-90-plus', 'Vantor', 'HL-90 Plus Headlamp'),
    listing('nx-330', 'Netco', 'NX-330 NetFabric Ethernet Partition'),
    listing('nx-340', 'Netco', 'NX-340 NetFabric 10Gb RDMA Ethernet Controller'),
    // A phone, and a case of another phone whose name does not say "case": the catalog
    // holds cases, though no candidate of the title does.
    product('zp-9100', { brand: 'Zentro', name: 'ZP-9100 128 GB', category: 'smartphones' }),
    product('a5-cover', {
      brand: 'Caseco',
      name: 'Slim Cover for Aurion A5',
      category: 'phone cases',
    }),
    // A television by its size in inches, a laptop and a charger, a 12-cup coffee maker.
    product('tv-55', { brand: 'Lumora', name: '55UX700 55-Inch 4K Smart TV', category: 'tvs' }),
    product('laptop', {
      brand: 'Pellix',
      name: 'Book 14 Laptop PB14-2026',
      category: 'laptops',
    }),
    product('charger', { brand: 'Pellix', name: 'PC-65 USB-C Charger', category: 'chargers' }),
    // A desk fan in two colours, which a title may name in the shop's language.
    product('breeze-black', {
      brand: 'Kestra',
      name: 'Breeze 40 Desk Fan, Black',
      category: 'fans',
    }),
    product('breeze-white', {
      brand: 'Kestra',
      name: 'Breeze 40 Desk Fan, White',
      category: 'fans',
    }),
    // Two chargers of one line told apart by their power.
    product('brick-65', {
      brand: 'Pellix',
      name: 'PowerBrick 65W USB-C',
      category: 'chargers',
    }),
    product('brick-100', {
      brand: 'Pellix',
      name: 'PowerBrick 100W USB-C',
      category: 'chargers',
    }),
    product('coffee', {
      brand: 'Brewco',
      name: 'Cafe 12-Cup Coffee Maker CM1200',
      category: 'coffee makers',
    }),
    // Curated names: a line's number before the code; a family in two colours; a cable.
    product('washer', {
      brand: 'Wascho',
      name: 'Serie 6 WX28PH9 Washing Machine 9 kg',
      category: 'washing machines',
    }),
    product('wq-silver', {
      brand: 'Sonic',
      name: 'WQ-3300XM Wireless Headphones Silver',
    }),
    product('wq-black', { brand: 'Sonic', name: 'WQ-3300XM Wireless Headphones Black' }),
    product('cable', { brand: 'Linkco', name: 'USB-C Cable 2 m', category: 'cables' }),
    // A laptop sleeve whose name shares none of a title's rarest runs of words ("Sleeve in").
    listing('sleeve-121', 'Quillon', 'QL-121 Lady Damask Laptop Sleeve Black White'),
    listing('sleeve-119', 'Quillon', 'QL-119 Lady Damask Netbook Sleeve Black Black'),
    listing('sleeve-122', 'Quillon', 'QL-122 Lady Damask Netbook Sleeve Red Black'),
    listing('tote', 'Toteco', 'Ladies Laptop Tote Orange'),
    listing('sleeve-in', 'Bagsco', 'Computer Sleeve in Gray'),
    listing('tabs', 'Tabco', 'Plastic Tabs in White'),
    // Earphones whose long name a short title names every word of, but not its brand.
    listing('pods', 'Nexo', 'Streetwave SW1003 The NightOwl Beat Pods Ear Buds Earphones'),
    // Two power banks told apart by their capacity, which a title may write with a comma.
    listing('bank-24k', 'Voltix', 'PowerCell Power Bank 24000mAh'),
    listing('bank-10k', 'Voltix', 'PowerCell Power Bank 10000mAh'),
  ]);
  const answer = (query: string) => catalog.answer(query);

  it('reads a colour as describing a product its code anchors and the title names whole', async () => {
    expect(await answer('Seal Shield SSK107 Medical Grade Keyboard - Dishwasher Safe Black')).toBe(
      'ssk107',
    );
    // Without the code, the colour may be a sibling's the catalog lacks.
    expect(await answer('Seal Shield Medical Grade Keyboard Black')).toBeUndefined();
  });

  it('never lets a model number named alone make a colour describe a name that says another', async () => {
    expect(await answer('Samsung C3050 GSM Phone Black')).toBe('stratus');
    expect(await answer('Samsung C3050 GSM Phone Gray')).toBeUndefined();
  });

  it('refuses a name that another product names as closely by any of its names', async () => {
    const outcome = await catalog.resolver.resolve('Epson Erc Ribbon Cassette');
    expect(outcome.found).toBe(false);
    expect(outcome.explanation.decision).toMatch(/names as much of the query/);
    expect(await answer('Epson ERC-09B Ribbon Cassette')).toBe('erc-09b');
  });

  it('reads shops’ spellings: w/ for with, 11pt for 11 Point, 3-in-1 for 3-In-One', async () => {
    expect(await answer('Rubbermaid Rotary Desk Organizer w/ Supplies')).toBe('organizer');
    expect(await answer('Smead Recycled End Tab Fastener Folders 11pt Legal')).toBe('folders');
    expect(await answer('Smead Recycled End Tab Fastener Folders 12pt Legal')).toBeUndefined();
    expect(await answer('Inland Pro iPhone and iPod 3-in-1 Charging Kit')).toBe('charging-kit');
  });

  it('reads a title’s variant word as another model only where the catalog tells one by it', async () => {
    expect(await answer('Driveco 110GB RevoDisk PCI Express Solid State Drive')).toBe('ssd');
    const lite = await catalog.resolver.resolve(
      'Labelco Thermal Label Printer with Roll Holder and Cutter',
    );
    expect(lite.found).toBe(false);
    const title = lite.explanation.candidates.find((c) => c.productId === 'printer-roll');
    expect(title?.rejected).toMatch(/is the lite variant/);
  });

  it('finds the product that a code no other product carries identifies, in any language', async () => {
    // Words of any language describe it; its colour, written in Norwegian, is its own.
    const title = 'Vantor QX4410 Bluetooth Lautsprecher wasserdicht 20 Stunden Akku, blå';
    const found = await catalog.resolver.resolve(title);
    expect(found).toMatchObject({ found: true, productId: 'qx-4410' });
    expect(found.confidence).toBeGreaterThanOrEqual(0.9);
    expect(found.explanation.decision).toMatch(/writes its code/);
    // A value it states otherwise contradicts the code: another colour, another capacity.
    const red = await catalog.resolver.resolve('Vantor QX-4410 Lautsprecher rot');
    expect(red.found).toBe(false);
    expect(red.candidates[0]?.productId).toBe('qx-4410');
    const rejected = red.explanation.candidates.find((c) => c.productId === 'qx-4410');
    expect(rejected?.rejected).toMatch(/^colour red against its blue/);
    // Contradicted, it is suggested below a product whose rare code nothing contradicts.
    expect(red.candidates[0]!.score).toBeLessThan(CODE_SUGGESTED.anchored);
    // A region's suffix no name carries is no other code.
    expect(await answer('Vantor QX-4410/EU Bluetooth Speaker, blue')).toBe('qx-4410');
    expect(await answer('Memco MK2209 Clé USB 128 Go')).toBeUndefined();
    expect(await answer('Memco MK2209 Clé USB 64 Go')).toBe('mk-2209');
  });

  it('explains the evidence by rank: the identifier, each contradiction, then the description', async () => {
    const lines = (outcome: Awaited<ReturnType<NameResolver['resolve']>>) =>
      formatExplanation(outcome.explanation)
        .split('\n')
        .map((line) => line.trim());
    const red = lines(await catalog.resolver.resolve('Vantor QX-4410 Lautsprecher rot'));
    const at = (pattern: RegExp) => red.findIndex((line) => pattern.test(line));
    const identifier = at(/^identifier: its code "qx4410", which no other product carries$/);
    expect(identifier).toBeGreaterThan(0);
    expect(red[identifier + 1]).toBe('contradicted: colour red against its blue');
    expect(at(/^description: .*"lautsprecher"/)).toBeGreaterThan(identifier + 1);
    // Found, what the query states of it that is its own; set aside, why.
    const blue = lines(await catalog.resolver.resolve('Vantor QX-4410 Lautsprecher blau'));
    expect(blue).toContain('its own: colour blue');
    const kind = lines(await catalog.resolver.resolve('Zentro ZP-9100 Case, Black'));
    expect(kind).toContain(
      'identifier: its code "zp9100", which no other product carries, set aside: "case" is another kind of product',
    );
  });

  it('never takes a title saying another kind of product the catalog holds for the one its code names', async () => {
    expect(await answer('Zentro ZP-9100 Smartphone, Schwarz, 128 GB')).toBe('zp-9100');
    expect(await answer('Zentro ZP-9100 Case, Black')).toBeUndefined();
    // What comes with it is not what it is: the code stands.
    const withCase = await catalog.resolver.resolve('Zentro ZP-9100 Smartphone with Case, 128 GB');
    expect(withCase.productId).toBe('zp-9100');
    expect(formatExplanation(withCase.explanation)).toContain(
      'identifier: its code "zp9100", which no other product carries\n',
    );
  });

  it('leaves to the words a code whose line has another model, or a product beside it', async () => {
    // "HL-90" is on both: the plain one, named whole, is found; "Plus" tells the other.
    expect(await answer('Vantor HL-90 Headlamp')).toBe('hl-90');
    expect(await answer('Vantor HL-90 Plus Headlamp')).toBe('hl-90-plus');
    // Only the partition carries NX-330, but the title says what a product of its line is.
    const beside = await catalog.resolver.resolve(
      'Netco NX-330 NetFabric 10Gb RDMA Ethernet Controller',
    );
    expect(beside.found).toBe(false);
    // Its rare code puts it first among the suggestions, above the product of shared words.
    expect(beside.candidates.map((c) => c.productId)).toEqual(['nx-330', 'nx-340']);
    expect(beside.candidates[0]!.score).toBeGreaterThan(beside.candidates[1]!.score);
    expect(await answer('Netco NX-330 NetFabric Ethernet Partition, Gigabit')).toBe('nx-330');
  });

  it("reads a title in the shop's language and units, and an accessory as no product it fits", async () => {
    // A colour in another language is the name's, and tells siblings apart.
    expect(await answer('Deskco Desk Lamp schwarz')).toBe('lamp-black');
    expect(await answer('Deskco Desk Lamp szary')).toBe('lamp-gray');
    // Centimetres are the inches the product states, within shops' rounding.
    expect(await answer('Lumora 55UX700 Fernseher 139 cm')).toBe('tv-55');
    expect(await answer('Lumora 55UX700 Fernseher 164 cm')).toBeUndefined();
    // A charger for the laptop is not the laptop.
    expect(await answer('Pellix PB14-2026 Laptop 14 Zoll')).toBe('laptop');
    expect(await answer('Charger for Pellix Book 14 PB14-2026')).toBeUndefined();
    // A count of cups in another language.
    expect(await answer('Brewco CM1200 cafetera 12 tazas')).toBe('coffee');
    expect(await answer('Brewco CM1200 kaffebryggare 8 koppar')).toBeUndefined();
  });

  it('compares a number written as a measure as that measure, decimals and versions too', async () => {
    expect(await answer('Caricatore Pellix PowerBrick 65 W USB-C bianco')).toBe('brick-65');
    expect(await answer('Pellix PowerBrick 45 W USB-C Ladegerät')).toBeUndefined();
    expect(await answer('Lumora 55UX700 Fernseher 139,7 cm (55 Zoll), HDMI 2.1')).toBe('tv-55');
    expect(await answer('Lumora 55UX700 Fernseher 81,3 cm (32 Zoll)')).toBeUndefined();
  });

  it('reads a word no name carries, after the model, as describing it in any language', async () => {
    expect(await answer('Kestra Breeze 40 Tischventilator schwarz')).toBe('breeze-black');
    expect(await answer('Kestra Breeze 40 Tischlüfter weiß')).toBe('breeze-white');
    // Between the brand and the model, it may name a line the catalog lacks.
    expect(await answer('Kestra Orkan Breeze 40 schwarz')).toBeUndefined();
  });

  it('offers a suggestion stating another value of what the title states below one that does not', async () => {
    const fan = await catalog.resolver.resolve('Deskco Desk Fan White');
    expect(fan.found).toBe(false);
    const matched = (id: string) =>
      fan.explanation.candidates.find((c) => c.productId === id)?.score;
    // Matched alike, the fan in black states another colour than the white asked.
    expect(matched('fan-black')).toBe(matched('lamp-white'));
    expect(fan.candidates.slice(0, 3).map((c) => c.productId)).toEqual([
      'lamp-white',
      'fan-black',
      'fan-gray',
    ]);
    expect(fan.candidates[1]!.score).toBeLessThan(fan.candidates[0]!.score);
  });

  it('suggests a refused title’s product that carries its words but none of their rarest runs', async () => {
    const outcome = await catalog.resolver.resolve('Quillon Ladies Damask Netbook Sleeve in White');
    expect(outcome.found).toBe(false);
    expect(outcome.candidates.map((c) => c.productId)).toContain('sleeve-121');
    expect(outcome.explanation.decision).toMatch(
      /; searched again for suggestions: \d+ more scored$/,
    );
  });

  it('suggests a product whose name says every word of a refused title, its brand unsaid', async () => {
    const outcome = await catalog.resolver.resolve('Night Owl Beat Pods');
    expect(outcome.found).toBe(false);
    expect(outcome.candidates[0]).toMatchObject({ productId: 'pods', score: 0.6 });
  });

  it('reads a comma between thousands as one number, a capacity as a capacity', async () => {
    expect(await answer('Voltix 24,000mAh PowerCell Power Bank')).toBe('bank-24k');
    expect(await answer('Voltix 10,000 mAh PowerCell Power Bank')).toBe('bank-10k');
    expect(await answer('Voltix 20,000mAh PowerCell Power Bank')).toBeUndefined();
  });

  it("reads another shop's title against a curated name by its code, numbers describing", async () => {
    // The line's number before the code is no part of it; the spin speed describes.
    expect(await answer('Wascho WX28PH9 Serie 6 Waschmaschine 9 kg 1400 U/min weiß')).toBe(
      'washer',
    );
    expect(await answer('Wascho WX28PH9 Waschmaschine 8 kg')).toBeUndefined();
    // A family its code anchors is told apart by a colour in the shop's language.
    expect(await answer('Sonic WQ3300XM Cuffie Wireless con Noise Cancelling, Argento')).toBe(
      'wq-silver',
    );
    expect(await answer('Sonic WQ3300XM Kopfhörer, schwarz')).toBe('wq-black');
    // "For" and "with" in the shop's language: a cable for the speaker is not the speaker.
    expect(await answer('Cable de alimentación para Vantor QX-4410')).toBeUndefined();
    expect(await answer('Vantor QX-4410 Lautsprecher mit USB-C Cable, blau')).toBe('qx-4410');
    // Something else for the product its code names, in any language, is not that product.
    expect(await answer('Replacement Grille for Vantor QX-4410 Speaker')).toBeUndefined();
    expect(await answer('Funda de transporte para Vantor QX-4410')).toBeUndefined();
    const fitted = await catalog.resolver.resolve('Funda de transporte para Vantor QX-4410');
    expect(fitted.candidates[0]?.productId).toBe('qx-4410');
    expect(await answer('Vantor Portable Speaker for outdoors QX-4410')).toBe('qx-4410');
  });
});
