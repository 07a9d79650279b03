// The pool of candidate products: every source read, names cleaned, brands made consistent,
// duplicates merged, and every product of the development set left out.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cleanBrand, cleanName, fold } from './clean.mjs';
import {
  readExiftoolCanon,
  readFoomatic,
  readGphoto,
  readLensfun,
  readSane,
  readWacom,
} from './databases.mjs';
import { readPci, readUsb } from './sources.mjs';

/** The sources, in the order their records win a duplicate. */
const READERS = [
  ['pci', readPci],
  ['foomatic', readFoomatic],
  ['sane', readSane],
  ['exiftool', readExiftoolCanon],
  ['lensfun', readLensfun],
  ['gphoto', readGphoto],
  ['wacom', readWacom],
  ['usb', readUsb],
];

/** The development catalog's products as folded keys: brand|name and brand+name. */
export function devKeys(file) {
  const keys = new Set();
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  for (const line of lines) {
    if (line.trim() === '') continue;
    const p = JSON.parse(line);
    keys.add(`${fold(p.brand)}|${fold(p.name)}`);
    keys.add(fold(`${p.brand} ${p.name}`));
  }
  return keys;
}

export const productKey = (p) => `${fold(p.brand)}|${fold(p.name)}`;

/**
 * Every source's records, cleaned and merged. `paths` maps a reader's name to its file or
 * folder. Returns { pool, inDev, raw }: the candidates not in the development set, those that
 * are, and every cleaned record (for "is this name shared under another brand in the source").
 */
export function readPool(paths, dev) {
  const raw = [];
  for (const [key, read] of READERS) {
    if (!paths[key]) throw new Error(`missing --${key}`);
    for (const r of read(paths[key])) {
      const brand = cleanBrand(r.brand);
      const name = cleanName(r.name, brand);
      if (
        name === null ||
        brand.length < 2 ||
        /^generic$/i.test(brand) ||
        !/^[\p{Script=Latin}\d&.'+ -]+$/u.test(brand)
      )
        continue;
      const aliases = r.aliases
        .map((a) => cleanName(a, brand))
        .filter((a) => a !== null && fold(a) !== fold(name));
      raw.push({ ...r, brand, name, aliases });
    }
  }
  // One spelling a brand: the most common one in the sources.
  const spellings = new Map();
  for (const r of raw) {
    const counts = spellings.get(fold(r.brand)) ?? new Map();
    counts.set(r.brand, (counts.get(r.brand) ?? 0) + 1);
    spellings.set(fold(r.brand), counts);
  }
  const display = new Map();
  for (const [f, counts] of spellings) {
    const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    display.set(f, best);
  }
  const merged = new Map();
  for (const r of raw) {
    r.brand = display.get(fold(r.brand));
    const key = productKey(r);
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, { ...r, aliases: [...r.aliases] });
    else
      for (const a of r.aliases)
        if (!seen.aliases.some((b) => fold(b) === fold(a))) seen.aliases.push(a);
  }
  const pool = [];
  const inDev = [];
  for (const p of merged.values()) {
    if (dev.has(productKey(p)) || dev.has(fold(`${p.brand} ${p.name}`))) inDev.push(p);
    else pool.push(p);
  }
  return { pool, inDev, raw };
}
