import { describe, expect, it } from '@jest/globals';
import { FOUND_AT } from './resolution-decision.js';
import { product, read } from './title-reading.fixtures.js';

// What a title says its item fits, after a "for" in any shop's language (title-for.ts,
// model-codes.ts): the product's own code stays its anchor; the code it fits anchors nothing.
describe('a title that says what its item fits', () => {
  it('reads what a product fits, on either side, as describing the product its code anchors', () => {
    const drum = product('Samsung', 'CLT-R409 Imaging Drum for Samsung CLP310');
    const [found] = read('Samsung CLT-R409 Imaging Drum Unit For CLP-310 CLP-315 and CLP-3170', [
      drum,
    ]);
    expect(found!.anchor).toBe('cltr409');
    expect(found!.rejected).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A code the query gives only as what the product fits anchors nothing.
    const battery = product('Canon', 'NB-7L Battery Pack');
    const [charger] = read('Canon Charger for NB-7L', [battery]);
    expect(charger!.anchor).toBeUndefined();
    expect(charger!.score).toBeLessThan(FOUND_AT);
    // Alike in the shops' languages: "für", "pour", "per", "dla" say what follows is fitted.
    for (const title of [
      'Samsung CLT-R409 Bildtrommel für CLP-310 CLP-315',
      'Samsung CLT-R409 Tambour pour CLP-310 et CLP-315',
      'Samsung CLT-R409 Bęben dla CLP-310 CLP-315',
    ]) {
      const [own] = read(title, [drum]);
      expect({ title, anchor: own!.anchor, rejected: own!.rejected }).toEqual({
        title,
        anchor: 'cltr409',
        rejected: undefined,
      });
    }
    for (const title of ['Canon Ladegerät für NB-7L', 'Canon Caricabatterie per NB-7L'])
      expect(read(title, [battery])[0]!.anchor).toBeUndefined();
  });

  it('never reads a query that names only what a product fits as naming that product', () => {
    const emulator = product('Texa', 'Smartview Emulator Software for TI-84 Plus Family');
    expect(read('Texa TI84PLUS', [emulator])[0]!.rejected).toMatch(/names only what/);
    // Naming the product's own words too, the query asks for it.
    expect(read('Texa TI84PLUS Emulator Software', [emulator])[0]!.rejected).toBeUndefined();
  });

  it('reads something for a product its words name right after the "for" as not the product', () => {
    const buds = product('Sonic', 'Aero Buds 2 Wireless Earbuds');
    expect(read('Coque silicone pour Sonic Aero Buds 2', [buds])[0]!.fitted).toBe(true);
    expect(read('Zamiennik etui Sonic Aero Buds 2', [buds])[0]!.fitted).toBe(true);
    // Named later than the word after the "for", it is what the title is ("for running").
    expect(read('Ohrhörer für Sport, Sonic Aero Buds 2', [buds])[0]!.fitted).toBeUndefined();
    expect(read('Sonic Aero Buds 2 Earbuds for running', [buds])[0]!.fitted).toBeUndefined();
    // A product that says "compatible" itself is a compatible one.
    const kit = product('Inkco', 'Compatible Q5421A Maintenance Kit');
    expect(read('Inkco Compatible Q5421A', [kit])[0]!.fitted).toBeUndefined();
    expect(read('Inkco kompatibel Q5421A', [kit])[0]!.fitted).toBeUndefined();
    // Its own code written before the "for", in parts or whole, says the title's item is it;
    // written after it, the item is something for it.
    const film = product('Shieldco', 'SH40277 Screen Protector for Phoneco Zeta 3');
    const italian = 'Shieldco SH-40277 Pellicola protettiva per Phoneco Zeta 3';
    expect(read(italian, [film])[0]!.anchor).toBe('sh40277');
    expect(read(italian, [film])[0]!.fitted).toBeUndefined();
    expect(read('Pellicola protettiva per Shieldco SH-40277', [film])[0]!.fitted).toBe(true);
    // After a dash or bar that ends what it fits, the code is the item's own too.
    const dashed = 'Shieldco Pellicola protettiva per Phoneco Zeta 3 – SH-40277';
    expect(read(dashed, [film])[0]!.fitted).toBeUndefined();
  });
});
