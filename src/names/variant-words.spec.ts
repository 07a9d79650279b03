import { describe, expect, it } from '@jest/globals';
import { FOUND_AT } from './resolution-decision.js';
import { counts, product, read } from './title-reading.fixtures.js';

// A variant word ("Slim", "Ultra", "Pro") names another model only where the catalog tells two
// products of a brand apart by it (name-matcher.ts, unsaid-cost.ts): the catalog decides.
describe('variant words the catalog never tells products apart by', () => {
  // The catalog tells siblings apart by these, as "Galaxy S24" and "Galaxy S24 Ultra".
  const apart = (words: string[]) => counts({ siblings: (term) => (words.includes(term) ? 3 : 0) });

  it('reads a variant word a title says and the query does not as one of its words', () => {
    const drive = product(
      'Driveco',
      'RevoDisk 110 GB PCI Express Slim Solid State Drive DRV-1RVD0110',
    );
    const query = 'Driveco 110GB RevoDisk PCI Express Solid State Drive';
    const [found] = read(query, [drive]);
    expect(found!.rejected).toBeUndefined();
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // Where the catalog tells a Slim from its sibling, the title's "Slim" is another model.
    const [slim] = read(query, [drive], apart(['slim']));
    expect(slim!.rejected).toContain('slim variant');
    expect(slim!.score).toBeLessThan(FOUND_AT);
  });

  it('keeps a variant word right after a model number as another model, even in a title', () => {
    const [plus] = read('Caseco Centurion 534 ATX Mid Tower Gaming Case Black', [
      product('Caseco', 'Centurion 534 Plus ATX Mid Tower Gaming Case Black RC-534-KKN2'),
    ]);
    expect(plus!.rejected).toContain('plus variant');
  });

  it('keeps a variant word a short name says as another model', () => {
    // Not a title: its words name the product, and "Pro" may be the one the query lacks.
    const [pro] = read('Webco MyLife Notebook Webcam', [
      product('Webco', 'MyLife Notebook Webcam Pro'),
    ]);
    expect(pro!.rejected).toContain('pro variant');
  });

  it('reads a variant word the query says as another model, whatever the catalog counts', () => {
    // "Mini" claims another model, which the catalog may lack: it has no pair to count.
    const camera = product('Camco', 'HERO11 Black Action Camera');
    const [mini] = read('Camco HERO11 Black Mini', [camera]);
    expect(mini!.anchor).toBe('hero11');
    expect(mini!.rejected).toContain('variant "mini"');
  });

  it('reads a word after a model part as a word of a name its code anchors', () => {
    const tv = product('Tvco', 'LED22VF60 22-Inch 1080p LCD Television Black');
    const [found] = read('Tvco LED22VF60 22-Inch 1080p', [tv]);
    expect(found!.anchor).toBe('led22vf60');
    expect(found!.score).toBeGreaterThanOrEqual(FOUND_AT);
    // A letter or two there may be another model's designator, as after the code itself; not
    // after a measure ("1080p HD").
    const hd = product('Tvco', 'LED22VF60 22-Inch 1080 HD Television Black');
    const [two] = read('Tvco LED22VF60 22-Inch 1080', [hd]);
    expect(two!.anchor).toBe('led22vf60');
    expect(two!.score).toBeLessThan(FOUND_AT);
  });
});
