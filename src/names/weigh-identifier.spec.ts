import { describe, expect, it } from '@jest/globals';
import { toldBy, weighIdentifier } from './attributes.js';
import { singular } from './words-that-say-nothing.js';

// The code that identifies a product, weighed against what a title states (attributes.ts).

describe(weighIdentifier.name, () => {
  it('reads a kind written in the plural as the singular the name writes ("Batteries")', () => {
    const kinds = new Set(['batteries', 'chargers', 'accessories'].map(singular));
    const cell = {
      name: 'VX-8 Battery 8 x AA',
      names: ['vx 8 battery 8 x aa'],
      categoryWords: new Set(['aa']),
    };
    expect(weighIdentifier(toldBy('Voltra VX8 AA Batteries, 8-Count', kinds), cell)).toHaveProperty(
      'stands',
    );
    expect(weighIdentifier(toldBy('Voltra Chargers for VX8', kinds), cell)).toHaveProperty(
      'setAside',
    );
  });
});

describe('weighIdentifier against a line', () => {
  it("reads a word of the product's kind as no edition of it", () => {
    const fryer = {
      name: 'Airfryer 3000 Series HD9200/90 Air Fryer 4.1 L',
      names: ['airfryer 3000 series hd9200 90 air fryer 4 1 l'],
      categoryWords: new Set(['air', 'fryer']),
    };
    const told = toldBy('Philips Airfryer HD9200/90 Friteuse 4,1 L', new Set(['fryer']));
    expect(weighIdentifier(told, fryer)).toHaveProperty('stands');
    // An edition of its own the query does not say is another model beside a code of its
    // name, silence beside its part number; one the query says that it lacks, another model.
    const kitchen = { ...fryer, categoryWords: new Set(['kitchen']) };
    expect(weighIdentifier(told, kitchen)).toHaveProperty('setAside');
    expect(weighIdentifier(told, { ...kitchen, partNumber: true })).toHaveProperty('stands');
    const xl = toldBy('Philips Airfryer XL HD9200/90', new Set(['fryer']));
    expect(weighIdentifier(xl, { ...kitchen, partNumber: true })).toHaveProperty('setAside');
    // Said by the query too, it is the same word of its kind.
    const air = toldBy('Philips Air Fryer HD9200/90', new Set(['fryer']));
    expect(weighIdentifier(air, fryer)).toHaveProperty('stands');
  });

  it('leaves an edition only the query says to the part number that identifies the product', () => {
    const card = {
      name: 'Flash Memory Card 8 GB KM8GPDX2',
      names: ['flash memory card 8 gb km8gpdx2'],
      categoryWords: new Set(['memory']),
    };
    const told = toldBy('Kestrel KM8GPDX2 8GB Memory Stick PRO Duo', new Set(['card']));
    expect(weighIdentifier(told, card)).toEqual({
      setAside: 'another model of its line (edition pro)',
    });
    expect(weighIdentifier(told, { ...card, partNumber: true })).toHaveProperty('stands');
    // An edition they share is the product's, whatever else its name says of its line.
    const player = {
      name: 'Envo Digital ED8850B Duo Box Pro Portable TV',
      names: ['envo digital ed8850b duo box pro portable tv'],
      categoryWords: new Set(['tv']),
    };
    const digital = toldBy('Envo Digital ED8850B', new Set(['tv']));
    expect(weighIdentifier(digital, { ...player, partNumber: true })).toHaveProperty('stands');
    // A value the query states otherwise still contradicts it.
    const other = toldBy('Kestrel KM8GPDX2 16GB Memory Stick PRO Duo', new Set(['card']));
    expect(weighIdentifier(other, { ...card, partNumber: true })).toHaveProperty('contradicted');
  });
});
