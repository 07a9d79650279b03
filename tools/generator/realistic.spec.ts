import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { projectRoot } from '../../src/config/project-root.js';
import { catalogLineSchema } from '../../src/catalog/catalog-line.schema.js';
import { comparisonKey } from './names.js';
import { realisticCatalog, realisticCatalogLines, type RealisticFamily } from './realistic.js';
import { nameStatistics, type NameStatistics } from './statistics.js';

/** The development set of real product names (bench/resolution/realnames-dev). */
function realNames(): { name: string; brand: string; aliases?: string[] }[] {
  const file = path.join(projectRoot(), 'bench/resolution/realnames-dev/catalog.jsonl.gz');
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { name: string; brand: string; aliases?: string[] });
}

describe('the realistic catalog generator', () => {
  const families: RealisticFamily[] = [];
  const catalog = [...realisticCatalog(20_000, 1, (f) => families.push(f))];

  it('writes names as the 20,000 real ones are written, within 30% on every figure', () => {
    const real = nameStatistics(realNames());
    const generated = nameStatistics(catalog);
    expect(generated.products).toBe(20_000);
    const figures = Object.keys(real).filter((k) => k !== 'products') as (keyof NameStatistics)[];
    for (const figure of figures) {
      const ratio = generated[figure] / real[figure];
      expect([figure, ratio > 0.7 && ratio < 1.3]).toEqual([figure, true]);
    }
  });

  it('grows its vocabulary with the catalog, as real vocabularies do (Heaps)', () => {
    const small = nameStatistics(realisticCatalog(4_000, 1)).letterWords;
    const large = nameStatistics(catalog).letterWords;
    // Five times the products: more words, far fewer than five times as many.
    expect(large / small).toBeGreaterThan(1.8);
    expect(large / small).toBeLessThan(4);
  });

  it('is the same for a seed, names each product once per brand, and never lists a near miss', () => {
    expect([...realisticCatalog(20_000, 1)]).toEqual(catalog);
    expect([...realisticCatalog(20_000, 2)].slice(0, 100)).not.toEqual(catalog.slice(0, 100));
    const keys = catalog.flatMap((p) =>
      [p.name, ...p.aliases].map((name) => `${comparisonKey(p.brand)}|${comparisonKey(name)}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(catalog.map((p) => p.id)).size).toBe(catalog.length);
    const listed = new Set(keys);
    for (const f of families)
      expect(listed.has(`${comparisonKey(f.brand)}|${comparisonKey(f.nearMiss)}`)).toBe(false);
    // Families of near-siblings: most products share their family with another.
    const perFamily = new Map<number, number>();
    for (const p of catalog) perFamily.set(p.family, (perFamily.get(p.family) ?? 0) + 1);
    const inFamilies = catalog.filter((p) => perFamily.get(p.family)! > 1).length;
    expect(inFamilies / catalog.length).toBeGreaterThan(0.5);
  });

  it('gives each model code to one product of its brand, never to a near miss', () => {
    const brandKey = (brand: string, code: string) =>
      `${comparisonKey(brand)}|${comparisonKey(code)}`;
    const codes = catalog
      .filter((p) => p.code !== undefined)
      .map((p) => brandKey(p.brand, p.code!));
    expect(codes.length).toBeGreaterThan(catalog.length / 2);
    expect(new Set(codes).size).toBe(codes.length);
    const named = new Set(
      catalog.flatMap((p) => [p.name, ...p.aliases].map((name) => brandKey(p.brand, name))),
    );
    const taken = new Set([...codes, ...named]);
    const nearMisses = families.filter((f) => f.nearMissCode !== undefined);
    expect(nearMisses.length).toBeGreaterThan(families.length / 2);
    for (const f of nearMisses) expect(taken.has(brandKey(f.brand, f.nearMissCode!))).toBe(false);
    // Each code is written in its product's name.
    for (const p of catalog.slice(0, 2_000))
      if (p.code !== undefined) expect(p.name).toContain(p.code);
  });

  it('writes lines the import format accepts', () => {
    let lines = 0;
    for (const line of realisticCatalogLines(2_000, 1)) {
      const parsed = catalogLineSchema.safeParse(JSON.parse(line));
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      lines++;
    }
    expect(lines).toBe(2_000);
  });
});
