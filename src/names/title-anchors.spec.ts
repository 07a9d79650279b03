import { describe, expect, it } from '@jest/globals';
import { FOUND_AT } from './resolution-decision.js';
import { counts, product, read } from './title-reading.fixtures.js';

// Which candidates a title's model code anchors (title-reading.ts): the one product that carries
// it, by a brand the query names or as its own identifier, and a family the rest of the query
// tells apart. What the words beside an anchor say is in anchored-words.spec.ts.
describe('codes that anchor a title', () => {
  it('anchors the one product that carries a rare code whole, under a brand the query names', () => {
    const drive = product('Acme', '1 TB USB 3.0 External Hard Drive ZX4410-2B Black Silver');
    const other = product('Acme', '2 TB USB 3.0 External Hard Drive ZX4420-2B Black');
    const [found, sibling] = read('Acme ZX4410-2B 1TB USB 3.0 Desktop Hard Drive', [drive, other]);
    expect(found!.anchor).toBe('zx44102b');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(sibling!.anchor).toBeUndefined();
    // The same code written without its hyphen, or with the brand left out (no anchor).
    expect(read('Acme ZX44102B Hard Drive', [drive])[0]!.anchor).toBe('zx44102b');
    expect(read('ZX4410-2B Hard Drive', [drive])[0]!.anchor).toBeUndefined();
  });

  it("anchors a product by its part number or alias without its brand: the maker's identifier", () => {
    const drive = product('Acme', 'Solid Drive 2TB NVMe', 'AC-SD-2T', 'Solid Drive Two');
    const [found] = read('AC-SD-2T SSD', [drive]);
    expect(found!.anchor).toBe('acsd2t');
    expect(found!.identifiedBy).toBe('acsd2t');
    expect(read('Sold by Shopco ACSD2T', [drive])[0]!.anchor).toBe('acsd2t');
    // A code its name carries is no identifier of its own: the brand must be named.
    const named = product('Acme', 'AC-SD-2T Solid Drive');
    expect(read('AC-SD-2T SSD', [named])[0]!.anchor).toBeUndefined();
    // Where the query names a brand whose product writes a code of it, another brand's part
    // number is a stand-in's (a compatible lamp), not what the query asks for.
    const lamp = product('Beamco', 'VX44001 Replacement Lamp for Beamer X5');
    const standIn = product('Lumo', 'BL44 VX44001 Projector Lamp for Beamco Beamer X5', 'BL44');
    const query = 'Beamco BL44 Projector Lamp – VX44001';
    expect(read(query, [lamp, standIn]).map((r) => r.anchor)).toEqual([undefined, undefined]);
    expect(read('BL44 Projector Lamp', [lamp, standIn])[1]!.anchor).toBe('bl44');
  });

  it('does not anchor a code two candidates carry, a common one, a measure, or a cut one', () => {
    const a = product('Tapeco', 'QT7730 250 500MB Cartridge');
    const b = product('Tapeco', 'Standard Data Cartridges QT7730 Unformatted 500MB');
    expect(read('Tapeco QT7730 Data Cartridge', [a, b]).map((r) => r.anchor)).toEqual([
      undefined,
      undefined,
    ]);
    const common = counts({ namesCarrying: () => 40 });
    expect(read('Tapeco QT7730 Data Cartridge', [b], common)[0]!.anchor).toBeUndefined();
    expect(read('Seagate 500GB Drive', [product('Seagate', 'Barracuda 500GB')])[0]!.anchor).toBe(
      undefined,
    );
    // "UPort 1650-16" goes on past the query's code: it is another model.
    const hub = product('Serialix', 'HubPort 2240-16 16-Port Serial Hub');
    expect(read('Serialix HubPort 2240-8 8-Port Serial Hub', [hub])[0]!.anchor).toBeUndefined();
  });

  it('anchors each of a family that carries the code, which the rest of the query tells apart', () => {
    const catalog = counts({
      siblings: (term) => (['black', 'white'].includes(term) ? 40 : 0),
      namesCarrying: (term) => (['black', 'white'].includes(term) ? 400 : 1),
    });
    const black = product('Talkr', 'HS470 Bluetooth Headset Black');
    const white = product('Talkr', 'HS470 Bluetooth Headset White');
    const [b, w] = read('Talkr HS470 Bluetooth Headset Black', [black, white], catalog);
    expect([b!.anchor, w!.anchor]).toEqual(['hs470', 'hs470']);
    expect(b!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(b!.rejected).toBeUndefined();
    expect(w!.rejected).toMatch(/does not tell it from "hs470 bluetooth headset black"/);
    // Misspelt, the colour still tells them apart; a measure is never a misspelt one.
    const [typo] = read('Talkr HS470 Bluetooth Headset Blakc', [black, white], catalog);
    expect(typo!.untoldFrom).toBeUndefined();
    const mm = [product('Talkr', 'HS470 44mm'), product('Talkr', 'HS470 45mm')];
    expect(read('Talkr HS470 44mm', mm)[0]!.untoldFrom).toBeUndefined();
  });

  it('tells a family apart by a colour written in the language of the shop', () => {
    const black = product('Talkr', 'HS470 Wireless Headset, Black');
    const white = product('Talkr', 'HS470 Wireless Headset, White');
    for (const [query, colour] of [
      ['Talkr HS470 kabelloses Headset schwarz', 0],
      ['Talkr HS470 casque sans fil noir', 0],
      ['Talkr HS470 słuchawki bezprzewodowe białe', 1],
      ['Talkr HS-470 draadloze headset wit', 1],
    ] as const) {
      const readings = read(query, [black, white]);
      expect(readings[colour]!.untoldFrom).toBeUndefined();
      expect(readings[colour]!.score).toBeGreaterThanOrEqual(FOUND_AT);
      expect(readings[1 - colour]!.untoldFrom).toBeDefined();
    }
    // Without a code, the colour is the name's own word all the same.
    const blue = product('Breezo', 'Breeze 30 Blue');
    const red = product('Breezo', 'Breeze 30 Red');
    const [b, r] = read('Breezo Breeze 30 blau', [blue, red]);
    expect(b!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(r!.score).toBeLessThan(FOUND_AT);
  });

  it('tells a family apart by what the query says, never by what a name leaves unsaid', () => {
    const nano = product('Digitz', '15-Item Accessory Bundle for iPod Nano 5th Gen');
    const touch = product('Digitz', '15-Item Accessory Bundle for iPod Touch 4th Gen');
    const both = read('Digitz 15-Item Accessory Bundle', [nano, touch]);
    expect(both.map((r) => r.anchor)).toEqual(['15item', '15item']);
    for (const member of both) expect(member.rejected).toMatch(/does not tell it from/);
    // Named whole, a member is told from one that says more.
    const plain = product('Talkr', 'HS470 Headset');
    const pro = product('Talkr', 'HS470 Sport Headset');
    const [p, q] = read('Talkr HS470 Headset', [plain, pro]);
    expect(p!.untoldFrom).toBeUndefined();
    expect(p!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(q!.untoldFrom).toBe('hs470 headset');
    // Not only as its exact name: a query naming every word of one member and not the other's.
    const tripod = product('Kestrel', 'Trailpod TX 310B Aluminium Tripod');
    const kit = product('Kestrel', 'Trailpod TX 310B Aluminium Tripod with Ball Head and Bag');
    const [t, k] = read('Kestrel Trailpod TX 310B Aluminium Tripod', [tripod, kit]);
    expect(t!.untoldFrom).toBeUndefined();
    expect(k!.untoldFrom).toBe('trailpod tx 310b aluminium tripod');
  });

  it('never anchors a product by a code it names as what it fits, or one it goes on past', () => {
    const charger = product('Voltz', 'CB-7LW Battery Charger for NB-7L and NB7LH Batteries');
    const [fits] = read('Voltz Rechargeable Battery NB-7LH', [charger]);
    expect(fits!.anchor).toBeUndefined();
    // Nor is it a code of the product's own, beside which another would be a part number.
    expect(fits!.codeNamed).toBe(false);
    expect(fits!.score).toBeLessThan(FOUND_AT);
    const [cut] = read('Datacq DA-6000I/16', [product('Datacq', 'DA-6000I/16/DIO')]);
    expect(cut!.anchor).toBeUndefined();
    expect(cut!.score).toBeLessThan(FOUND_AT);
    const [suffixed] = read('Netco GS816T Switch', [product('Netco', 'GS816T-200NAS Switch')]);
    expect(suffixed!.anchor).toBeUndefined();
  });

  it('reads a code the title writes in parts as the code a name writes as one word', () => {
    const joined = product('Vantor', 'Wideband Professional Headset QX410LT');
    const shorter = product('Vantor', 'QX 410 Headset with Microphone');
    const [apart, other] = read('Vantor QX 410 LT Binaural Headset', [joined, shorter]);
    expect(apart!.anchor).toBe('qx410lt');
    expect(apart!.identifiedBy).toBe('qx410lt');
    expect(other!.anchor).toBeUndefined();
  });

  it("anchors a product by the code only it carries before its family's longer one", () => {
    const ten = product('Coaxo', 'Coax Cable 952310 10-Foot WIRE4000 Shielded', '952310');
    const hundred = product('Coaxo', 'Coax Cable 952300 100-Foot WIRE4000 Shielded', '952300');
    const [found] = read('Coaxo câble coaxial WIRE4000 (10 pieds) – 952310', [ten, hundred]);
    expect(found!.anchor).toBe('952310');
    expect(found!.identifiedBy).toBe('952310');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('drops the anchor where another model code of the query is not the product’s', () => {
    const lens = product('Optica', 'Z200V Lens Kit with TCL-Z200 Converter Black Edition');
    const [other] = read('Optica Z200V Lens Kit with WCL-Z200', [lens]);
    expect(other!.anchor).toBeUndefined();
    expect(other!.score).toBeLessThan(FOUND_AT);
    // A part number of digits alone may be the shop's own.
    const [shop] = read('Optica Z200V Lens Kit 4461237 Black', [lens]);
    expect(shop!.anchor).toBe('z200v');
    // A measure is no code; beside its part number (an alias), one no name carries is another
    // numbering of the item.
    const supply = product('Voltco', 'Gold 850-Watt Power Supply - VTPSU-850GX', 'VTPSU-850GX');
    expect(read('Voltco 850W PSU – VTPSU-850GX', [supply])[0]!.anchor).toBe('vtpsu850gx');
    const known = counts({ namesCarrying: (term) => (term === 'gx850' ? 0 : 1) });
    const query = 'Voltco Gold GX850 850W Modular PSU – VTPSU-850GX';
    expect(read(query, [supply], known)[0]!.anchor).toBe('vtpsu850gx');
    expect(read(query, [supply])[0]!.anchor).toBeUndefined();
  });
});
