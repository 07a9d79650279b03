import { describe, expect, it } from '@jest/globals';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { resolverContext } from './support/resolver-context.js';
import { SHOP_TITLES_CATALOG } from './support/shop-titles-catalog.js';

// Titles as shops write them (issue 30), by their words: shops' spellings, variant words,
// colours, units and numbers in the shop's language, and what is suggested for a title
// refused. Resolved against a small catalog imported into PostgreSQL, as the service resolves
// them. The codes titles carry: resolution-title-codes.e2e-spec.ts; the rules' finer cases are
// in src/names/*.spec.ts.

describe(`${NameResolver.name} on shop titles`, () => {
  const catalog = resolverContext(SHOP_TITLES_CATALOG);
  const answer = (query: string) => catalog.answer(query);

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
});
