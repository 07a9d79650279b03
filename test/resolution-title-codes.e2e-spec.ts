import { describe, expect, it } from '@jest/globals';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { formatExplanation } from '../src/lookup/resolve.command.js';
import { CODE_SUGGESTED } from '../src/names/resolution-decision.js';
import { resolverContext } from './support/resolver-context.js';
import { SHOP_TITLES_CATALOG } from './support/shop-titles-catalog.js';

// Titles as shops write them (issue 30), by the codes they carry: what a code no other product
// carries identifies, what contradicts it, how the evidence is explained, and when the words
// decide instead. Resolved against a small catalog imported into PostgreSQL, as the service
// resolves them. A title's words, units and languages: resolution-title-words.e2e-spec.ts; the
// rules' finer cases are in src/names/*.spec.ts.

describe(`${NameResolver.name} on shop titles`, () => {
  const catalog = resolverContext(SHOP_TITLES_CATALOG);
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
