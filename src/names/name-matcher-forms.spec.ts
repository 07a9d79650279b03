import { describe, expect, it } from '@jest/globals';
import { candidate, matchName } from './name-matcher.fixtures.js';
import { FOUND_AT } from './resolution-decision.js';

describe('words a query adds that say nothing, and spacing around variants', () => {
  const named = (query: string, name: string, brand: string, category: string) =>
    matchName(query, candidate(name, brand, category));

  it('reads the category word, its end, and "the new … by" as saying nothing', () => {
    expect(named('OfficeJet 4115 printer', 'OfficeJet 4115', 'HP', 'printer')).toMatchObject({
      score: 1,
      complete: true,
    });
    expect(
      named('OfficeJet 4115 printer', 'OfficeJet 4115 Series', 'HP', 'printer').complete,
    ).toBeUndefined();
    expect(
      named('Galaxy S21 phone', 'Galaxy S21', 'Samsung', 'smartphone').score,
    ).toBeGreaterThanOrEqual(FOUND_AT);
    const by = named('the new Quadro FX 3700M by NVIDIA', 'Quadro FX 3700M', 'NVIDIA', 'gpu');
    expect(by).toMatchObject({ complete: true });
    expect(by.rejected).toBeUndefined();
  });

  it('reads "new" after a model as part of its name, before it as saying nothing', () => {
    const lens = named('AF 24mm F2.8 New', 'AF 24mm F2.8', 'Samyang', 'lens');
    expect(lens.complete).toBeUndefined();
    expect(lens.rejected).toBeDefined();
    // Its very name, less what says nothing: as certain as the name alone.
    expect(named('the new OfficeJet 4115', 'OfficeJet 4115', 'HP', 'printer')).toMatchObject({
      score: 1,
      complete: true,
    });
  });

  it('never lets numbers and words that say nothing name a product', () => {
    const nokia = named('new Smartphone 3.4', '3.4', 'Nokia', 'smartphone');
    expect(nokia.complete).toBeUndefined();
    expect(nokia.rejected).toBeDefined();
  });

  it('lets a misspelt word take back the word its category word matched', () => {
    const laser = named(
      'Samsung Laser Pribter printer',
      'SCX-4500 Laser Printer',
      'Samsung',
      'printer',
    );
    expect(laser.score).toBeLessThan(FOUND_AT); // the model is still wanted
    expect(
      named('SCX-4500 Laser Pribter printer', 'SCX-4500 Laser Printer', 'Samsung', 'printer').score,
    ).toBeGreaterThanOrEqual(FOUND_AT);
  });

  it('matches a variant word glued to the model on one side only', () => {
    expect(
      named('HL-L2380 DW printer', 'HL-L2380DW', 'Brother', 'printer').rejected,
    ).toBeUndefined();
    expect(named('T 50Eea', 'T50 EEA', 'Toscido', 'smartphone').rejected).toBeUndefined();
    expect(named('HL-L2380 DN', 'HL-L2380DW', 'Brother', 'printer').rejected).toBeDefined();
  });

  it('reads a maker written in full: legal forms, initials, the brand twice', () => {
    for (const [query, name, brand] of [
      [
        'Intel Corporation 82574L Gigabit Network Connection',
        '82574L Gigabit Network Connection',
        'Intel',
      ],
      ['Hewlett-Packard Company GeForce GTX 960A', 'GeForce GTX 960A', 'HP'],
      ['Advanced Micro Devices, Inc. [AMD] Radeon HD 3450', 'Radeon HD 3450', 'AMD'],
      ['Samsung Electronics Co., Ltd Galaxy S21', 'Galaxy S21', 'Samsung'],
      // A maker named by its web address, or as its labs.
      [
        'StarTech.com DP2DVI DisplayPort to DVI Cable',
        'DP2DVI DisplayPort to DVI Cable',
        'StarTech',
      ],
      ['SRS Labs Analog RCA Volume Leveler', 'Analog RCA Volume Leveler', 'SRS'],
      ['EDGE Tech ProShot 4GB SDHC Card', 'ProShot 4GB SDHC Card', 'EDGE'],
      ['Office Star Products Visitors Chair', 'Visitors Chair', 'Office Star'],
    ] as const) {
      expect(named(query, name, brand, 'gpu').score).toBeGreaterThanOrEqual(FOUND_AT);
    }
    // Right after the brand, the maker's full name costs nothing; elsewhere, a little.
    expect(named('Padco Technology RoadTrip', 'RoadTrip', 'Padco', 'charger').score).toBe(1);
    const elsewhere = named('Padco RoadTrip Technology', 'RoadTrip', 'Padco', 'charger').score;
    expect(elsewhere).toBeLessThan(1);
    expect(elsewhere).toBeGreaterThanOrEqual(FOUND_AT);
    // Initials never take a word of the name, nor words beside the brand named itself.
    expect(named('LG Gram 14', 'G 14', 'LG', 'laptop').rejected ?? 'refused').toBeDefined();
    expect(named('LG Gram 14', 'G 14', 'LG', 'laptop').score).toBeLessThan(FOUND_AT);
  });

  it('never counts a word of the name that only joins its words, which the query leaves out', () => {
    const airstrap = named('Airstrap iPad Black', 'Airstrap for iPad Black', 'Strapco', 'case');
    expect(airstrap.score).toBe(1);
    expect(airstrap.complete).toBeUndefined();
    // A maker's legal form may be a word of the name ("Limited Warranty"): it counts.
    const limited = named('GeForce 8400 Card', 'GeForce 8400 Limited Card', 'Gpuco', 'gpu');
    expect(limited.score).toBeLessThan(FOUND_AT);
  });

  it('reads a word named once more in the plural as named once', () => {
    const crate = (query: string) => named(query, 'Molded Utility Case', 'Crateco', 'bag');
    expect(crate('Crateco Cases Molded Utility Case').score).toBe(1);
    // Another word in the plural is still a word the name does not say.
    expect(crate('Crateco Wheels Molded Utility Case').score).toBeLessThan(FOUND_AT);
  });

  it('reads a model code a name says again as said once, never a word or a number', () => {
    const ink = named(
      'Inkwell CT478AN 57 Ink Tri-Color',
      'CT478AN - CT478AN 57 Ink Tri-Color',
      'Inkwell',
      'ink',
    );
    expect(ink.score).toBe(1);
    // A name said twice may list another thing beside the product ("X / X"), and "Move 2
    // 2-Pack" may be another generation's pack.
    const twice = named('Camco Shot S60', 'Shot S60 / Shot S60', 'Camco', 'usb device');
    expect(twice.score).toBeLessThan(FOUND_AT);
    const pack = named('Wandco Move 2-Pack', 'Move 2 2-Pack', 'Wandco', 'controller');
    expect(pack.score).toBeLessThan(FOUND_AT);
  });

  it("reads a number of the query's code that the name says again as a count as said", () => {
    const port = (query: string) => named(query, 'TF-24G 24-Port', 'Switchco', 'switch');
    expect(port('Switchco TF-24G Port').score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(port('Switchco TF24G port').score).toBeGreaterThanOrEqual(FOUND_AT);
    // Not a pack's count, a number in letters, nor one the query gives alone.
    expect(named('Wandco MV-2', 'MV-2 2-Pack', 'Wandco', 'controller').score).toBeLessThan(
      FOUND_AT,
    );
    expect(named('Ramco DX2 Memory', 'DX2 II Memory', 'Ramco', 'memory').score).toBeLessThan(
      FOUND_AT,
    );
    expect(port('Switchco TF 24 Port').score).toBeLessThan(FOUND_AT);
  });

  // README.md, "What a name may look like".
  it('holds the examples the README gives', () => {
    for (const [query, name, brand, category] of [
      ['wh 1000 xm5 ™', 'WH-1000XM5', 'Sony', 'headphones'],
      ['SharpMX-2614N', 'MX-2614N', 'Sharp', 'printer'],
      ['EP-905F Epson', 'EP-905F', 'Epson', 'printer'],
      ['MX-2614N', 'MX-2614N', 'Sharp', 'printer'],
      ['OfficeJet 4115 printer', 'OfficeJet 4115', 'HP', 'printer'],
      ['the new Galaxy S21 phone', 'Galaxy S21', 'Samsung', 'smartphone'],
      ['Intel Corporation 82574L', '82574L', 'Intel', 'network adapter'],
      ['Hewlett-Packard GeForce GTX 960A', 'GeForce GTX 960A', 'HP', 'gpu'],
      ['Samsug SCX-4x25', 'SCX-4x25', 'Samsung', 'printer'],
      ['Epson Prfecton 4870', 'Perfection 4870', 'Epson', 'scanner'],
    ] as const) {
      const match = named(query, name, brand, category);
      expect([query, match.rejected, match.score >= FOUND_AT]).toEqual([query, undefined, true]);
    }
    for (const [query, name, brand, category] of [
      ['WH-1000XM4', 'WH-1000XM5', 'Sony', 'headphones'],
      ['EOSS 5', 'EOS 5', 'Canon', 'camera'],
      ['Galaxy S24', 'Galaxy S24 Ultra', 'Samsung', 'smartphone'],
      ['Smartphone 3.4', '3.4', 'Nokia', 'smartphone'],
    ] as const) {
      const match = named(query, name, brand, category);
      expect([query, match.rejected !== undefined || match.score < FOUND_AT]).toEqual([
        query,
        true,
      ]);
    }
  });

  it('forgives two typos when the word meant has nine letters or more', () => {
    const perfection = named('Epson Prfecton 4870', 'Perfection 4870', 'Epson', 'scanner');
    expect(perfection.score).toBeGreaterThanOrEqual(FOUND_AT);
    expect(perfection.complete).toBe(true);
    expect(named('Sny WH-1000XM5', 'WH-1000XM5', 'Sony', 'headphones').complete).toBeUndefined();
  });
});
