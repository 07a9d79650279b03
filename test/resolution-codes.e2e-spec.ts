import { describe, expect, it } from '@jest/globals';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { product } from './support/catalog-files.js';
import { resolverContext } from './support/resolver-context.js';

// Model codes in the forms shops write them (issue 52), and what a title says beside them,
// resolved against a small catalog imported into PostgreSQL: its search terms, codes' stems
// and counts come from the import. The rules' finer cases are in src/names/*.spec.ts.

describe(`${NameResolver.name} on codes as shops write them`, () => {
  const listing = (id: string, brand: string, name: string, aliases?: string[]) =>
    product(id, { brand, name, ...(aliases && { aliases }) });
  const catalog = resolverContext([
    // Two cameras that state 8MP, one asked by its model number; an ink whose line says Ultra.
    listing('sx100is', 'Canon', 'PowerShot SX100IS 8MP Digital Camera', ['SX100IS']),
    listing('a590', 'Canon', 'PowerShot A590 8MP Digital Camera', ['A590IS']),
    listing('t125420', 'Epson', 'Durabrite Ultra Ink Yellow T125420'),
    listing('proshot', 'EDGE', 'ProShot 4GB SDHC Memory Card Class 6'),
    product('adapter', {
      brand: 'Voltaro',
      name: 'Universal Travel Adapter',
      mpn: 'ZRT-8832-EU',
    }),
    // A word of its category after its code: a word, not the code going on.
    product('car-player', {
      brand: 'Bossa',
      name: 'ABCP400UB Car Audio Player',
      category: 'car audio',
    }),
    product('car-player-500', {
      brand: 'Bossa',
      name: 'ABCP500UB Car Audio Player',
      category: 'car audio',
    }),
    // A code a title may write in parts.
    listing('sh350ip', 'Pumpco', 'SH350IP Submersible Pump'),
    listing('sh350', 'Pumpco', 'SH350 Submersible Pump'),
    // Codes with a market's letters, a maker's longer part number, an edition's letters.
    product('mouse', {
      brand: 'Vantor',
      name: 'ProGlide K38074US Wireless Mouse',
      category: 'mice',
    }),
    product('phone', {
      brand: 'Zentro',
      name: 'Aero 24 Ultra',
      mpn: 'ZM-S928B',
      category: 'smartphones',
    }),
    product('fryer-eu', { brand: 'Kestra', name: 'AF300EU Dual Zone Air Fryer' }),
    product('fryer-uk', { brand: 'Kestra', name: 'AF300UK Dual Zone Air Fryer' }),
    product('camera', { brand: 'Fujica', name: 'X100V Compact Camera', category: 'cameras' }),
    // Products found by their words: earbuds, a dog food, a watch in one colour.
    product('earbuds', { brand: 'Sonic', name: 'Aero Buds 2 Wireless Earbuds' }),
    product('dog-food', {
      brand: 'Canino',
      name: 'Adult Medium Chicken 14 kg',
      category: 'pet food',
    }),
    // A drive by its part number, which says its edition; a drive by a code of its name.
    product('ssd', {
      brand: 'Drivix',
      name: 'P3 Plus 2TB NVMe SSD',
      mpn: 'DX2000P3PSSD8',
      category: 'ssds',
    }),
    product('hdd', { brand: 'Drivix', name: 'Red 8TB NAS HDD DR80EFPX', category: 'hard drives' }),
    // A card by a part number of its name, which no edition of its line goes on.
    product('card', { brand: 'Kestrel', name: 'Flash Memory Card 8 GB KM8GPDX2BSBNA' }),
    product('watch', {
      brand: 'Horo',
      name: 'Watch 9 45mm Midnight Aluminium Case with Sport Band',
    }),
    // A screen protector by its code; a maker's lamp and another maker's stand-in for it.
    listing('film', 'Shieldco', 'SH40277 Screen Protector for Phoneco Zeta 3'),
    listing('lamp', 'Beamco', 'VX44001 Replacement Lamp for Beamer X5'),
    listing('stand-in', 'Lumo', 'BL44 VX44001 Projector Lamp for Beamco Beamer X5', ['BL44']),
    // A printer by its alias; a power supply by its part number; cables of one line.
    listing('printer', 'Canox', 'PIXO MX8120 Wireless Inkjet All-in-One Printer', ['MX8120']),
    listing('psu', 'Voltco', 'Gold 850-Watt Power Supply - VTPSU-850GX', ['VTPSU-850GX']),
    listing('cable-10', 'Coaxo', 'Coax Cable 952310 10-Foot WIRE4000 Shielded', ['952310']),
    listing('cable-100', 'Coaxo', 'Coax Cable 952300 100-Foot WIRE4000 Shielded', ['952300']),
    listing('lan-blue', 'Netco', 'Category 6 Network Cable with Protective Boot 50 Feet Blue'),
    // A family of one code, by colour, each with its own code beside it.
    ...['Black', 'Pink', 'Silver'].map((colour) =>
      product(`cam-${colour.toLowerCase()}`, {
        brand: 'Camco',
        name: `Exo EX-Z16 12 MP Digital Camera with 3x Zoom and 2.7-Inch LCD ${colour}`,
        aliases: [`EX-Z16${colour.slice(0, 2).toUpperCase()}`],
        category: 'digital cameras',
      }),
    ),
  ]);
  const answer = (query: string) => catalog.answer(query);

  it('reads an anchored product’s own measure and its line’s variant word as its own', async () => {
    expect(await answer('Canon SX100IS 8MP')).toBe('sx100is');
    expect(await answer('Canon SX100IS 10MP')).toBeUndefined();
    expect(await answer('Epson T125420 Yellow DURABrite Cartridge')).toBe('t125420');
  });

  it('reads Tech after a brand as the maker’s full name', async () => {
    expect(await answer('EDGE Tech ProShot 4GB SDHC Memory Card Class 6')).toBe('proshot');
  });

  it('reads a word of the category after a code as a word, in a name as in a title', async () => {
    expect(await answer('Bossa ABCP400UB')).toBe('car-player');
    expect(await answer('Bossa Audio In-Dash Car Stereo with Bluetooth, USB - ABCP400UB')).toBe(
      'car-player',
    );
    expect(await answer('Bossa ABCP600UB')).toBeUndefined();
  });

  it("reads a product's part number as an identifier, without the brand too", async () => {
    expect(await answer('Voltaro ZRT-8832-EU')).toBe('adapter');
    expect(await answer('Voltaro Reiseadapter ZRT8832EU für 150 Länder, schwarz')).toBe('adapter');
    expect(await answer('ZRT-8832-EU Reiseadapter')).toBe('adapter');
  });

  it('reads a code written in parts as the code a name writes as one word', async () => {
    expect(await answer('Pumpco Submersible Pump SH 350 IP, 230 V, Stainless')).toBe('sh350ip');
    expect(await answer('Pumpco SH 350 Pump')).toBe('sh350');
  });

  it("reads a code with another market's letters, or a longer part number, as its model", async () => {
    expect(await answer('Vantor K38074EU Funkmaus kabellos, schwarz')).toBe('mouse');
    expect(await answer('Mysz bezprzewodowa Vantor K38074')).toBe('mouse');
    expect(await answer('Smartfon Zentro Aero 24 Ultra ZM-S928BZKGEUB 256 GB')).toBe('phone');
    expect(await answer('Kestra AF300UK Heißluftfritteuse')).toBe('fryer-uk');
    // Both markets' models, neither the one asked: the title tells them apart no more.
    const other = await catalog.resolver.resolve('Kestra AF300DE Heißluftfritteuse');
    expect(other.found).toBe(false);
    expect(other.candidates.map((c) => c.productId).sort()).toEqual(['fryer-eu', 'fryer-uk']);
    // An edition's letters are another model, suggested.
    const edition = await catalog.resolver.resolve('Fujica X100VI Kompaktkamera');
    expect(edition.found).toBe(false);
    expect(edition.candidates[0]?.productId).toBe('camera');
  });

  it('reads a part number, a rate and a standard’s generation as a title means them', async () => {
    // Its edition unsaid beside its part number; "Gen4" is PCIe's.
    expect(await answer('Drivix DX2000P3PSSD8 SSD interno M.2 PCIe Gen4 NVMe')).toBe('ssd');
    // "6Gb/s" is a rate, no capacity against its 8TB.
    expect(await answer('Drivix Red 8TB NAS HDD SATA 6Gb/s DR80EFPX')).toBe('hdd');
    // A part number of its name, edition and all: "PRO" is the card's format, as the title says.
    expect(await answer('Kestrel KM8GPDX2BSBNA 8GB Platinum II Memory Stick PRO Duo')).toBe('card');
    // Beside a model code that editions go on, an edition the name lacks is another model.
    expect(await answer('Fujica X100V Pro Kompaktkamera')).toBeUndefined();
  });

  it('reads something for a product its words name as not that product, in any language', async () => {
    expect(
      await answer('Coque de protection silicone pour Sonic Aero Buds 2 - Noir'),
    ).toBeUndefined();
    expect(await answer('Zamiennik etui Sonic Aero Buds 2')).toBeUndefined();
    // Food for dogs is food: the product is named after the dogs, not after the "for".
    expect(
      await answer('Hundefutter für mittelgroße Hunde Canino Adult Medium Chicken 14 kg'),
    ).toBe('dog-food');
    expect(await answer('Sonic Aero Buds 2 Wireless Earbuds for running')).toBe('earbuds');
  });

  it("reads a product's code before the title's \"for\" as the item, a stand-in's as none", async () => {
    const film = 'Shieldco SH-40277 Pellicola protettiva per Phoneco Zeta 3';
    expect(await answer(film)).toBe('film');
    expect(await answer('Pellicola protettiva per Shieldco SH-40277')).toBeUndefined();
    // The maker named, another maker's part number beside the maker's own is no stand-in's.
    expect(await answer('Beamco BL44 Projector Lamp – VX44001')).not.toBe('stand-in');
    expect(await answer('BL44 Projector Lamp')).toBe('stand-in');
    // A function word before the "for" is none of the item's words ("in" of "All-in-One").
    const cover = 'Telo copertura antipolvere in nylon per stampante Canox PIXO MX8120';
    expect(await answer(cover)).toBeUndefined();
    expect(await answer('Canox PIXO MX8120 stampante multifunzione')).toBe('printer');
    // A dash ends what the "for" names: the code after it is the item's own.
    expect(await answer('Shieldco Pellicola protettiva per Phoneco Zeta 3 – SH-40277')).toBe(
      'film',
    );
  });

  it('reads the code only the product carries before a measure, a family or another numbering', async () => {
    expect(await answer('Voltco Gold GX850 850W Modular PSU – VTPSU-850GX')).toBe('psu');
    expect(await answer('Coaxo câble coaxial WIRE4000 (10 pieds) – 952310')).toBe('cable-10');
  });

  it('reads a colour as the shop writes it, where folded it is another word', async () => {
    const cable = 'Netco Cat 6 nätverkskabel med skyddande boot, 50 fot';
    expect(await answer(`${cable}, blå`)).toBe('lan-blue');
    expect(await answer(`${cable}, röd`)).toBeUndefined();
  });

  it('reads the one member of a family its code and a stated value tell apart', async () => {
    const pink = await catalog.resolver.resolve('Camco Exo EX-Z16 pink');
    expect([pink.found, pink.productId]).toEqual([true, 'cam-pink']);
    expect(pink.confidence).toBeGreaterThanOrEqual(0.9);
    expect(await answer('Camco Exo EX-Z16 Kamera')).toBeUndefined();
    expect(await answer('Camco Exo EX-Z16 grün')).toBeUndefined();
  });

  it('never finds by its words a product that states another value of what the title states', async () => {
    expect(await answer('Horo Watch 9 45mm Midnight Aluminium Case med Sport Band')).toBe('watch');
    const other = await catalog.resolver.resolve(
      'Horo Watch 9 45mm Starlight Aluminium Case med Sport Band',
    );
    expect(other.found).toBe(false);
    expect(other.explanation.decision).toMatch(/another value of a kind/);
    expect(other.candidates[0]?.productId).toBe('watch');
  });
});
