import { describe, expect, it } from '@jest/globals';
import { FOUND_AT, PENALTY } from './resolution-decision.js';
import { counts, product, read } from './title-reading.fixtures.js';

// What a title's words of letters and digits are: a term many products carry ("3D", "MP3"), a
// part number, or a model code, which costs once however many runs it has (title-reading.ts,
// soft-score.ts).
describe('terms, part numbers and codes of titles', () => {
  // A catalog where the names' words are on other makers' names too, the codes on one.
  const elsewhere = counts({ namesCarrying: (term) => (/\d/.test(term) ? 1 : 40) });
  const theater = product('Soundco', 'HT-K4410 Home Theater System');
  const query = 'Soundco HT-K4410 3D Wi-Fi Ready Home Theater System';

  it('reads a word of letters and digits that many names carry as a description', () => {
    const [found] = read(query, [theater], counts({ common: ['3d'] }));
    expect(found!.describesTerm('3d')).toBe(true);
    expect(found!.rejected).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(/description: "3d"/);
  });

  it('keeps such a word a number and a code where it is rare or tells siblings apart', () => {
    const [rare] = read(query, [theater]);
    expect(rare!.describesTerm('3d')).toBe(false);
    expect(rare!.rejected).toMatch(/number 3/);
    const telling = counts({ common: ['3d'], siblings: (term) => (term === '3d' ? 40 : 0) });
    expect(read(query, [theater], telling)[0]!.rejected).toMatch(/number 3/);
    // Without a code to anchor it, a candidate of the same maker that carries it tells them apart.
    const common = counts({ common: ['mp3'] });
    const player = product('Playco', 'CD Player');
    const [alone] = read('Playco CD Player MP3', [player], common);
    expect(alone!.describesTerm('mp3')).toBe(true);
    const [told] = read('Playco CD Player MP3', [player, product('Playco', 'MP3 Player')], common);
    expect(told!.describesTerm('mp3')).toBe(false);
    expect(told!.rejected).toBeDefined();
  });

  it('lets a name say a part number that tells it from no other candidate of its maker', () => {
    const sleeve = product('Bagco', '48213 Laptop Sleeve Graphite');
    const [found] = read('Bagco Laptop Sleeve Graphite', [sleeve]);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    const twin = product('Bagco', '48214 Laptop Sleeve Graphite');
    const both = read('Bagco Laptop Sleeve Graphite', [sleeve, twin]);
    expect(both.map((r) => r.score < FOUND_AT)).toEqual([true, true]);
    // Written with a leading zero, a number is a code whatever its value: no quantity is.
    const zero = product('Bagco', '05302 Laptop Sleeve Graphite');
    expect(read('Bagco Laptop Sleeve Graphite', [zero])[0]!.score).toBeGreaterThanOrEqual(FOUND_AT);
    const four = product('Bagco', '5302 Laptop Sleeve Graphite');
    expect(read('Bagco Laptop Sleeve Graphite', [four])[0]!.score).toBeLessThan(FOUND_AT);
    // A short number may be another generation, and without the brand nothing is forgiven.
    const second = product('Bagco', 'Laptop Sleeve 2 Graphite');
    expect(read('Bagco Laptop Sleeve Graphite', [second])[0]!.score).toBeLessThan(FOUND_AT);
    expect(read('Laptop Sleeve Graphite', [sleeve])[0]!.score).toBeLessThan(FOUND_AT);
  });

  it("lets a name say a second code beside the query's, as its part number, where it tells no candidate apart", () => {
    const cyan = product('Inkco', 'CLI-226 Cyan Ink Tank 4547B001');
    const [found] = read('Inkco CLI-226 Cyan Ink Tank', [cyan]);
    expect(found!.codeNamed).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(/"4547b001" describe it/);
    // Another colour of the line carries all the query says of this one but lacks the code:
    // here the code tells them apart.
    const [either] = read('Inkco CLI-226 Ink Tank', [cyan, product('Inkco', 'CLI-226 Ink Tank')]);
    expect(either!.score).toBeLessThan(FOUND_AT);
    // Without a code of the query, the name's code may be another model ("WN3000RP" is no
    // "WN2000RPT"), and a short code, an ordinal or a generation never is a part number.
    // Other makers' names carry its words (elsewhere): no line of this maker's is named.
    const extender = product('Netco', 'Universal WiFi Range Extender WN2000RPT');
    const [uncoded] = read('Netco Universal WiFi Range Extender', [extender], elsewhere);
    expect(uncoded!.codeNamed).toBe(false);
    expect(uncoded!.score).toBeLessThan(FOUND_AT);
    const [second] = read('Chipco Drift NN530', [product('Chipco', 'Drift NN530 2nd Gen')]);
    expect(second!.codeNamed).toBe(true);
    expect(second!.score).toBeLessThan(FOUND_AT);
    const graphics = product('Chipco', 'Radeon R2/R3/R4/R5 Graphics');
    const [short] = read('Chipco Radeon R4/R5 Graphics', [graphics]);
    expect(short!.codeNamed).toBe(true);
    expect(short!.score).toBeLessThan(FOUND_AT);
  });

  it("lets a name say a part number where the query names the maker's line and every other word", () => {
    // "powerjolt" is on this one name of the catalog; "plus" and "mobile" on others' too.
    const catalog = counts({ namesCarrying: (term) => (term === 'powerjolt' ? 1 : 40) });
    const charger = product('Chargeco', 'GC23073 PowerJolt Plus Mobile');
    const [found] = read('Chargeco PowerJolt Plus Mobile', [charger], catalog);
    expect(found!.lineNamed()).toBe(true);
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(found!.notes.join(' ')).toMatch(/"gc23073" describe it/);
    // Another maker's name carries the word: it names no line of this maker's.
    const other = product('Otherco', 'PowerJolt Adapter');
    const [shared] = read('Chargeco PowerJolt Plus Mobile', [charger, other], catalog);
    expect(shared!.lineNamed()).toBe(false);
    expect(shared!.score).toBeLessThan(FOUND_AT);
    // More names carry it than the candidates show: whose they are is unknown.
    const more = counts({ namesCarrying: (term) => (term === 'powerjolt' ? 3 : 40) });
    expect(read('Chargeco PowerJolt Plus Mobile', [charger], more)[0]!.lineNamed()).toBe(false);
    // The query leaves out another word of the name, or a product of the line says it all.
    expect(read('Chargeco PowerJolt Mobile', [charger], catalog)[0]!.score).toBeLessThan(FOUND_AT);
    const twin = product('Chargeco', 'GC23074 PowerJolt Plus Mobile');
    const both = read('Chargeco PowerJolt Plus Mobile', [charger, twin], catalog);
    expect(both.map((r) => r.score < FOUND_AT)).toEqual([true, true]);
  });

  it("reads a number of another code of the query as that code's, beside the product's own", () => {
    const netbook = product('Netco', 'Eee PC 1015PX-PU17-BK 10.1-Inch Netbook Black');
    // The processor's code is on other makers' names too: no rival model of this one. The
    // size's decimal ("10.1-Inch", normalised "10 1 inch") does not go on the product's code.
    const catalog = counts({ namesCarrying: (term) => (term === 'n570' ? 12 : 1) });
    const query = 'Netco Eee PC 1015PX-PU17-BK Netbook with Intel Atom N570 Processor';
    const [anchored] = read(query, [netbook], catalog);
    expect(anchored!.anchor).toBe('1015pxpu17bk');
    expect(anchored!.inCode('570')).toBe(true);
    expect(anchored!.rejected).toBeUndefined();
    expect(anchored!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // Without the product's own code, the number may be another model's.
    const [plain] = read('Netco Eee PC Netbook with Intel Atom N570 Processor', [netbook], catalog);
    expect(plain!.rejected).toMatch(/number 570/);
    // A rare code the product does not carry is another model: it takes the anchor away.
    const [rival] = read(query, [netbook]);
    expect(rival!.anchor).toBeUndefined();
    expect(rival!.rejected).toMatch(/number 570/);
  });

  it('matches a number the query writes alone with one the name writes alone, not a code’s digit', () => {
    const card = product('Portco', 'ALI5Y 5 Port Hi Speed USB PCI Card Adapter');
    const [found] = read('Portco 5-Port USB PCI Card Adapter', [card]);
    expect(found!.notes.join(' ')).toMatch(/"hi", "speed", "ali5y" describe it/);
    expect(found!.score).toBeCloseTo(1 - 2 * PENALTY.titleWord - PENALTY.titleCode);
  });

  it('reads a pack of one the query does not give as the product itself, never a larger pack', () => {
    const anchored = (name: string) =>
      read('Tonerco ML1610D2 Toner Drum', [product('Tonerco', name)]);
    const [one] = anchored('ML1610D2 Toner Drum Case Pack 1 - 517881');
    expect(one!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(one!.notes.join(' ')).toMatch(/a pack of one/);
    expect(anchored('ML1610D2 Toner Drum 1 Count')[0]!.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(anchored('ML1610D2 Toner Drum Case Pack 2')[0]!.score).toBeLessThan(FOUND_AT);
    expect(anchored('ML1610D2 Toner Drum 1')[0]!.score).toBeLessThan(FOUND_AT);
  });

  it('scores in decimals: four small costs from 1 leave exactly the line, which is found', () => {
    const black = product('Talkr', 'Voyager Black Travel Case Kit');
    const [found] = read('Talkr Voyager', [black]);
    expect(found!.score).toBe(1 - 4 * PENALTY.unsaidDescription);
    expect(found!.score).toBe(FOUND_AT);
  });

  it('reads a pack size glued to its number as that number, which must be the product’s', () => {
    const two = product('Wedgeco', 'Big Foot Rubber Wedge Gray 2 Pack');
    const four = product('Wedgeco', 'Big Foot Rubber Wedge Gray 4 Pack');
    const [found] = read('Wedgeco Big Foot Rubber Wedge Gray 2pk', [two]);
    expect(found!.score).toBe(1);
    expect(read('Wedgeco Big Foot Rubber Wedge Gray 2pk', [four])[0]!.rejected).toMatch(/number 2/);
  });

  it('matches a quantity written alone with a measure, never with a roman numeral', () => {
    const cable = product('Cablex', '6.6FT Linkstar Premium Gold Series High-speed HDMI Cable');
    const [measure] = read('Cablex Linkstar 6.6 Premium Gold HDMI Cable', [cable]);
    expect(measure!.rejected).toBeUndefined();
    const box = product('Drivco', 'DiskNest 3 SuperSpeed 3.5 SATA I II to USB 3.0 Enclosure Kit');
    const [roman] = read('Drivco DiskNest 3 SuperSpeed 2.5 SATA to USB 3.0 Enclosure Kit', [box]);
    expect(roman!.rejected).toMatch(/number 2/);
    // A roman numeral of the query is the name's.
    const ssd = product('Drivco', 'Velox 2 60 GB Series SATA II 2.5-Inch Solid State Drive');
    const [both] = read('Drivco Velox 2 60GB 2.5 SATA II Solid State Drive', [ssd]);
    expect(both!.rejected).toBeUndefined();
  });

  it('counts a model code the query leaves out once, however many runs it has', () => {
    const speaker = product('Audiox', 'Travel Speaker SP300B');
    const [one] = read('Audiox Travel Speaker', [speaker], elsewhere);
    expect(one!.score).toBeCloseTo(1 - PENALTY.missingCode);
    expect(one!.notes).toContain('the query does not give model code "sp300b"');
    expect(one!.score).toBeLessThan(FOUND_AT);
  });

  it('lets a quantity written alone describe a product its code anchors, title or not', () => {
    // README.md, "What a name may look like".
    const netbook = product('Lumo', 'NX-7410 Netbook');
    const [anchored] = read('Lumo NX-7410 Netbook 11.6', [netbook]);
    expect(anchored!.anchor).toBe('nx7410');
    expect(anchored!.rejected).toBeUndefined();
    expect(anchored!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // Without its code, the quantity may be another model's number.
    const plain = product('Lumo', 'Nova Netbook');
    expect(read('Lumo Nova Netbook 11.6', [plain])[0]!.rejected).toMatch(/number 11/);
  });

  it('reads a common word of the catalog’s names as meant, never as another word misspelt', () => {
    const guard = product('Shieldco', 'Clear Screen Guard for iPod Nano');
    const query = 'Shieldco Clear Screen Guard for iPad Nano';
    // A rare word one letter from a word of the name is a slip of it...
    const [slip] = read(query, [guard]);
    expect(slip!.notes).toContain('"ipad" read as "ipod"');
    expect(slip!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // ...a word many names carry is another word, which the product does not say.
    const [meant] = read(query, [guard], counts({ common: ['ipad'] }));
    expect(meant!.notes.join(' ')).not.toMatch(/read as/);
    expect(meant!.score).toBeLessThan(FOUND_AT);
    // A letter left out or two swapped is still a slip, however common the word.
    const plural = read(
      'Shieldco Clear Screen Guards for iPod Nano',
      [guard],
      counts({ common: ['guards'] }),
    );
    expect(plural[0]!.notes).toContain('"guards" read as "guard"');
    const swapped = read(
      'Shieldco Claer Screen Guard for iPod Nano',
      [guard],
      counts({ common: ['claer'] }),
    );
    expect(swapped[0]!.notes).toContain('"claer" read as "clear"');
  });
});
