import { describe, expect, it } from '@jest/globals';
import {
  accessoryOf,
  attributesOf,
  compared,
  kindsOf,
  otherModel,
  sameColour,
  toldBy,
} from './attributes.js';
import { measuresWritten } from './measures.js';

const read = (text: string) =>
  Object.fromEntries([...attributesOf(text)].map(([k, v]) => [k, [...v]]));
const against = (query: string, name: string) =>
  compared(attributesOf(query), attributesOf(name)).contradicted[0];

describe(attributesOf.name, () => {
  it('reads colours in the languages shops write, each as one colour', () => {
    for (const query of [
      'Vifta Ventilator rød',
      'Lüfter Rot',
      'Ventilateur rouge',
      'Wiatrak czerwony',
      'Fläkt röd',
    ])
      expect(attributesOf(query).get('colour')).toEqual(new Set(['red']));
    expect(attributesOf('Gurt Schwarz/Weiß').get('colour')).toEqual(new Set(['black', 'white']));
    // Words commoner as other words are not read as colours.
    expect(attributesOf('Fishing Rod, sort by size, gold or silver').get('colour')).toEqual(
      new Set(['gold', 'silver']),
    );
    // Only as written: "röd" is red, its letters without the accent a rod.
    expect(attributesOf('Fishing Rod 2 m').get('colour')).toBeUndefined();
  });

  it('reads measures in the units and spellings of several languages, one unit per measure', () => {
    expect(attributesOf('Clé USB 128 Go').get('gb')).toEqual(new Set(['128']));
    expect(attributesOf('Disque 2To externe').get('gb')).toEqual(new Set(['2000']));
    expect(attributesOf('SSD 1 To NVMe').get('gb')).toEqual(new Set(['1000']));
    expect(attributesOf('Appareil photo 24,2 Mpx').get('mp')).toEqual(new Set(['24.2']));
    // Numbers joined to a measure are in its unit; a pack's are counts of packs.
    expect(attributesOf('Smartfon 12/128GB').get('gb')).toEqual(new Set(['12', '128']));
    expect(attributesOf('Kieszenie 13 x 22,2 cm').get('cm')).toEqual(new Set(['13', '22.2']));
    expect(attributesOf('Chusteczki 12 x 52 szt.').get('pack')).toEqual(new Set(['52']));
    // Units of every kind shops write, the inch mark, a range.
    expect(read('Hochdruckreiniger 145 bar, 70 Nm, 1,7l, 200 g, 29.5"')).toEqual({
      bar: ['145'],
      nm: ['70'],
      ml: ['1700'],
      g: ['200'],
      in: ['29.5'],
    });
    expect(attributesOf('Pañales Talla 3 (6-10 kg)').get('kg')).toEqual(new Set(['10', '6']));
    expect(attributesOf('Machine à expresso 19 bars').get('bar')).toEqual(new Set(['19']));
    expect(attributesOf('Galaxy A55 5G').size).toBe(0);
    expect(attributesOf('Shelf for 22 to 40 inch TVs').get('gb')).toBeUndefined();
    expect(attributesOf('Fernseher 55 Zoll (139 cm)').get('in')).toEqual(new Set(['55']));
    expect(attributesOf('Fernseher 55 Zoll (139 cm)').get('cm')).toEqual(new Set(['139']));
    expect(attributesOf('Laptop 15,6" 2.4GHz').get('hz')).toEqual(new Set(['2400000000']));
    expect(attributesOf('Laptop 15.6-inch').get('in')).toEqual(new Set(['15.6']));
    // "2-in-1" counts uses; a model's digits glued to letters measure nothing.
    expect(attributesOf('Convertible 2-in-1 Tablet').get('in')).toBeUndefined();
    expect(attributesOf('Switch GS716T Router C1550').size).toBe(0);
  });

  it('reads pack counts written before or after their number', () => {
    for (const query of ['Batteries 4-Pack', 'Batteries, Pack of 4', 'Batterien 4 Stück', '4pk'])
      expect(attributesOf(query).get('pack')).toEqual(new Set(['4']));
    for (const query of [
      'Filter 4-pak',
      'Filter (4-pakning)',
      'Filtry 4 szt.',
      'Filtres, lot de 4',
    ])
      expect(attributesOf(query).get('pack')).toEqual(new Set(['4']));
    for (const query of ['Filtros, caja de 4', 'Filtri, confezione da 4', 'Filter, Packung mit 4'])
      expect(attributesOf(query).get('pack')).toEqual(new Set(['4']));
  });

  it('reads power, charge, voltage, length and the version of a standard', () => {
    expect(read('Lader 65 W, kabel 1,5 m')).toEqual({ w: ['65'], m: ['1.5'] });
    expect(read('Akku 18V 5,0 Ah')).toEqual({ v: ['18'], mah: ['5000'] });
    expect(read('Dock USB 3.0, HDMI 2.1, Wi-Fi 6')).toEqual({
      usb: ['3'],
      hdmi: ['2.1'],
      wifi: ['6'],
    });
    expect(read('Kit 2x8GB')).toEqual({ gb: ['8'] });
    // A model's letters after its digits, or a numeral after a name, measure nothing.
    expect(read('Kit 4GBx2')).toEqual({ gb: ['4'] });
    // Nor does a unit's first letter starting a code ("2 MC775": no 2 m).
    for (const text of ['Kamera Z100V', 'Grafik HD 7350M', 'Telefon Nova 5 V', 'Tab 2 MC775LL'])
      expect(attributesOf(text).size).toBe(0);
  });
});

describe(measuresWritten.name, () => {
  it('says which numbers a query writes only as measures, in the digits names are read in', () => {
    const { asked, digits } = measuresWritten('Monitor 60,5 cm (24 Zoll), HDMI 2.0, 75 Hz');
    expect(asked.get('cm')).toEqual(new Set(['60.5']));
    expect([...digits.keys()].sort()).toEqual(['0', '2', '24', '5', '60', '75']);
    expect(measuresWritten('Monitor VX-2400 24 Zoll').digits.get('2400')).toBeUndefined();
  });

  it('reads a comma between thousands as one, and a decimal comma as a decimal', () => {
    expect(measuresWritten('Powerbank 24,000mAh').asked.get('mah')).toEqual(new Set(['24000']));
    expect(measuresWritten('Powerbank 2,5 kg').asked.get('kg')).toEqual(new Set(['2.5']));
  });
});

describe(compared.name, () => {
  it('compares a size in another unit as the same measure', () => {
    expect(against('TV 164 cm', 'TV 55-Inch')).toBe('size 65 in against its 55 in');
    expect(against('Laptop 14 Zoll', 'Laptop 39.6 cm')).toBe('size 36 cm against its 39.6 cm');
  });

  it('finds a value of a kind both state that the product states otherwise', () => {
    expect(against('Fan 3000 rød', 'Fan 3000 Blue')).toBe('colour red against its blue');
    expect(against('Stick 64GB', 'Stick 32 GB')).toBe('capacity 64 gb against its 32 gb');
    expect(against('Toner, Pack of 2', 'Toner 4-Pack')).toBe('pack count 2 against its 4');
    expect(against('Kaffebryggare 8 koppar', 'Coffee Maker 12-Cup')).toBe(
      'cups 8 cup against its 12 cup',
    );
    expect(against('Cafetera 12 tazas', 'Coffee Maker 12-Cup')).toBeUndefined();
    expect(against('Phone 8GB 256GB', 'Phone 8 GB RAM 512 GB')).toMatch(/^capacity 256 gb against/);
  });

  it('finds none where the product states the value, or states nothing of its kind', () => {
    expect(against('Fan 3000 rød', 'Fan 3000 Red/Black')).toBeUndefined();
    expect(against('Fan 3000 rød', 'Fan 3000')).toBeUndefined();
    expect(against('Drive 1TB', 'Drive 1000 GB')).toBeUndefined();
    // Centimetres beside the inches the product states are the same screen, not another value.
    expect(against('TV 55 Zoll 139 cm', 'TV 55-Inch')).toBeUndefined();
    // Nor alone, as shops round them: 139 and 140 cm are 55 inches, 80 cm is 32 or 31.5.
    for (const [query, name] of [
      ['TV 139 cm', 'TV 55-Inch'],
      ['TV 140 cm', 'TV 55-Inch'],
      ['Monitor 80 cm', 'Monitor 32-Inch'],
      ['Monitor 80 cm', 'Monitor 31.5-Inch'],
      ['Laptop 15.6 Zoll', 'Laptop 39.6 cm'],
    ] as const)
      expect(against(query, name)).toBeUndefined();
    // More values than the product states, one of them its own: the others describe.
    expect(against('Phone 8GB 256GB', 'Phone 256 GB')).toBeUndefined();
  });
});

describe(`${compared.name}, each value`, () => {
  it('names each contradiction and each value the product states alike, by its kind', () => {
    const query = attributesOf('Fan 3000 rød, 4-Pack, 40 cm');
    const fan = attributesOf('Fan 3000 Blue 2-Pack 40cm');
    expect(compared(query, fan)).toEqual({
      contradicted: ['colour red against its blue', 'pack count 4 against its 2'],
      agrees: ['size 40 cm'],
    });
  });
});

describe(otherModel.name, () => {
  const model = (query: string, name: string) =>
    otherModel(attributesOf(query), attributesOf(name));
  it('finds an edition, generation or condition that one of the two states and the other does not', () => {
    expect(model('DEC LA75', 'LA75 Plus')).toBe('its edition plus');
    expect(model('ThinkPad T14s Gen 3', 'ThinkPad T14s Gen 4')).toBe('its generation 4');
    expect(model('Sony ZV-E10 II', 'ZV-E10')).toBe('generation 2');
    expect(model('Moccara UI-75X Touch', 'UI-75X Touch (2nd Gen)')).toBe('its generation 2');
    expect(model('Kamera X100 generalüberholt', 'X100')).toBe('condition used');
    // The same model, however each writes it; and "128 Go" is no Go edition.
    expect(model('Nikon D750 Mark II', 'D750 Mk2')).toBeUndefined();
    expect(model('Clé X100 128 Go', 'X100 128 GB')).toBeUndefined();
    // What comes with it is no edition of it; what it fits still is ("Case for … Pro").
    expect(model('Zentro CX-40 stereoset', 'CX-40 Stereo System with Digital Display')).toBe(
      undefined,
    );
    expect(model('Étui pour Zentro Z9', 'Case for Zentro Z9 Pro')).toBe('its edition pro');
  });
});

describe(toldBy.name, () => {
  const kinds = new Set(['phone', 'case', 'desktop', 'memory', 'charger']);
  it('reads the kind a title says it is: its last kind word before what goes with it', () => {
    expect(toldBy('Zentro ZP-9100 Case, Black', kinds).saysKind).toEqual(['case']);
    expect(toldBy('Vantor Desktop Memory Module 4GB', kinds).saysKind).toEqual(['memory']);
    expect(toldBy('Zentro ZP-9100 Phone with Case and Charger', kinds).saysKind).toEqual(['phone']);
    expect(toldBy('Case for Zentro ZP-9100 Phone', kinds).saysKind).toEqual(['case']);
    expect(toldBy('Zentro ZP-9100', kinds).saysKind).toEqual([]);
    // A pack word or a unit after its number counts or measures: no kind, in any language.
    const packs = new Set(['pack', 'battery', 'gb']);
    expect(toldBy('Voltra VX-8 AA Battery 8-Pack', packs).saysKind).toEqual(['battery']);
    expect(toldBy('Voltra VX-8 AA-batterier 8-pack', packs).saysKind).toEqual([]);
    expect(toldBy('Voltra Battery Pack VX-8', packs).saysKind).toEqual(['pack']);
    expect(toldBy('Voltra VX-8 Memory 16 GB', packs).saysKind).toEqual([]);
  });

  it('reads a title that says its kind is for something as an accessory of it', () => {
    expect(toldBy('Charger for Zentro ZP-9100 Phone', kinds).saysFor).toBe(true);
    expect(toldBy('Zentro Charger, fits ZP-9100', kinds).saysFor).toBe(true);
    expect(toldBy('Zentro ZP-9100 Phone with Charger', kinds).saysFor).toBe(false);
    expect(toldBy('Phone for business, Zentro ZP-9100', kinds).saysFor).toBe(true);
    expect(toldBy('Zentro ZP-9100 for business', kinds).saysFor).toBe(false);
  });

  it('reads "with" and "for" as the shops\' languages write them', () => {
    const more = new Set([...kinds, 'cable', 'radio']);
    for (const title of [
      'Cable de carga para Zentro ZP-9100',
      'USB-Cable für Zentro ZP-9100',
      'Câble pour Zentro ZP-9100',
      'Cable USB do Zentro ZP-9100',
    ]) {
      expect(toldBy(title, more).saysKind).toEqual(['cable']);
      expect(toldBy(title, more).saysFor).toBe(true);
    }
    // What goes with it is no kind it is: a stereo set with a radio is no radio.
    expect(toldBy('Zentro ZS-40 stereoset met cd-speler, radio', more).saysKind).toEqual([]);
    expect(toldBy('Zentro ZS-40 Stereoanlage mit Radio', more).saysKind).toEqual([]);
  });
});

describe(kindsOf.name, () => {
  it('reads the word each category ends with, singular, where it is a word', () => {
    expect(kindsOf(['Phone Cases', 'Batteries', 'AA', 'D', 'a'])).toEqual(
      new Set(['case', 'battery']),
    );
  });
});

describe("a standard's generation", () => {
  it('is no generation of the product', () => {
    expect(attributesOf('SSD M.2 PCIe Gen4 NVMe').has('generation')).toBe(false);
    expect(attributesOf('Hub USB 3.2 Gen 2').has('generation')).toBe(false);
    expect(attributesOf('Echo Dot Gen 4').get('generation')).toEqual(new Set(['4']));
  });
});

describe('a rate per second', () => {
  it('is a data rate, never a capacity', () => {
    const drive = attributesOf('WD Red Plus 8TB SATA 6Gb/s 5000MB/s');
    expect(drive.get('gb')).toEqual(new Set(['8000']));
    expect(drive.get('mbps')).toEqual(new Set(['6000', '5000']));
  });
});

describe(accessoryOf.name, () => {
  const kinds = new Set(['phone', 'case', 'charger']);
  const product = (name: string, category: string) => ({
    names: [name],
    categoryWords: new Set([category]),
  });
  const told = toldBy('Charger for Zentro ZP-9100 Phone', kinds);
  it('takes the product an accessory title fits for what it is not', () => {
    expect(accessoryOf(told, product('zentro zp 9100 phone', 'phone'))).toBe('charger');
  });

  it('leaves a product of its kind, or an accessory itself, to the words', () => {
    expect(accessoryOf(told, product('zentro travel charger zc 1', 'charger'))).toBeUndefined();
    expect(accessoryOf(told, product('zentro zp 9100 power pack', 'charger'))).toBeUndefined();
    // An accessory of something (another kind by its category) is weighed by its words.
    expect(accessoryOf(told, product('power adapter for zp 9100', 'phone'))).toBeUndefined();
    expect(
      accessoryOf(toldBy('Zentro ZP-9100 Phone', kinds), product('zentro zp 9100', 'phone')),
    ).toBeUndefined();
  });
});

describe(sameColour.name, () => {
  it('names one colour by its words in the languages shops write', () => {
    for (const word of ['blue', 'blau', 'bleu', 'azul', 'blå', 'niebieskie'])
      expect(sameColour(word, 'blue')).toBe(true);
    expect(sameColour('weiß', 'wit')).toBe(true);
    expect(sameColour('graphite', 'black')).toBe(false);
    expect(sameColour('desk', 'desk')).toBe(false);
  });
});
