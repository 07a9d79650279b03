#!/usr/bin/env node
// Builds the held-out set of real product names (README.md beside this file): reads the
// extracted Debian packages' device lists, leaves out every product of the development set,
// samples a catalog, and writes catalog.jsonl.gz and queries.jsonl.gz. Deterministic for a seed.
//   node bench/resolution/heldout/build.mjs --pci FILE --usb FILE --foomatic DIR --sane FILE
//     --gphoto FILE --lensfun DIR --exiftool Canon.pm --wacom DIR [--seed N] [--out DIR]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fold, prng, slug } from './clean.mjs';
import { devKeys, productKey, readPool } from './pool.mjs';
import { buildQueries } from './queries.mjs';
import { offers, reviews } from './synthetic.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const paths = ['pci', 'usb', 'foomatic', 'sane', 'gphoto', 'lensfun', 'exiftool', 'wacom'];
const { values } = parseArgs({
  options: {
    ...Object.fromEntries(paths.map((p) => [p, { type: 'string' }])),
    seed: { type: 'string', default: '4242' },
    dev: { type: 'string', default: path.join(here, '..', 'realnames-dev', 'catalog.jsonl.gz') },
    out: { type: 'string', default: here },
  },
});
const rng = prng(Number(values.seed));

// The share of each category's candidates that goes into the catalog; the rest stays out, to
// be looked up as near misses. Generic USB devices are many and plain: a smaller share.
const SHARE = { 'usb device': 0.2 };
const DEFAULT_SHARE = 0.65;

const { pool: all, raw } = readPool(values, devKeys(values.dev));

// Absent: whole brands, then whole families (a brand's first name word), left out entirely.
const byBrand = new Map();
for (const p of all) byBrand.set(p.brand, [...(byBrand.get(p.brand) ?? []), p]);
const absentBrands = new Set(
  rng
    .shuffle([...byBrand].filter(([, ps]) => ps.length >= 2 && ps.length <= 30).map(([b]) => b))
    .slice(0, 70),
);
const familyWord = (p) => {
  const w = p.name.split(' ')[0];
  return /^[A-Za-z]{3,}$/.test(w) ? w.toLowerCase() : null;
};
const familyBrands = new Map();
for (const p of all) {
  const w = familyWord(p);
  if (w !== null) familyBrands.set(w, new Set([...(familyBrands.get(w) ?? []), p.brand]));
}
const families = new Map();
for (const p of all) {
  const w = familyWord(p);
  if (w === null || absentBrands.has(p.brand) || familyBrands.get(w).size > 1) continue;
  const key = `${p.brand}|${w}`;
  families.set(key, [...(families.get(key) ?? []), p]);
}
const absentFamilies = new Set(
  rng
    .shuffle([...families].filter(([, ps]) => ps.length >= 2 && ps.length <= 12).map(([k]) => k))
    .slice(0, 60),
);
const isAbsent = (p) =>
  absentBrands.has(p.brand) || absentFamilies.has(`${p.brand}|${familyWord(p)}`);
const absent = all.filter(isAbsent);
const pool = all.filter((p) => !isAbsent(p));

// The catalog: a share of each category, drawn at random.
const byCategory = new Map();
for (const p of pool) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
let chosen = [];
for (const [category, ps] of [...byCategory].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  const share = SHARE[category] ?? DEFAULT_SHARE;
  chosen.push(...rng.shuffle(ps).slice(0, Math.round(share * ps.length)));
}
// No product's bare name may be another's brand and name.
const brandNames = new Set(chosen.map((p) => fold(`${p.brand} ${p.name}`)));
chosen = chosen.filter((p) => !brandNames.has(fold(p.name)));
const inCatalog = new Set(chosen.map(productKey));
const leftOut = pool.filter((p) => !inCatalog.has(productKey(p)));

// Aliases stay only where they name one product: no other product's name, alias or brand.
const forms = new Map();
const count = (f) => forms.set(f, (forms.get(f) ?? 0) + 1);
for (const p of chosen) {
  count(fold(p.name));
  count(fold(p.brand));
  if (fold(`${p.brand} ${p.name}`) !== fold(p.name)) count(fold(`${p.brand} ${p.name}`));
  for (const a of p.aliases) count(fold(a));
}
const ids = new Set();
const catalog = chosen
  .sort((a, b) => (productKey(a) < productKey(b) ? -1 : 1))
  .map((p) => {
    let id = slug(p.brand, p.name);
    for (let n = 2; ids.has(id); n++) id = `${slug(p.brand, p.name)}-${n}`;
    ids.add(id);
    const aliases = p.aliases.filter((a) => forms.get(fold(a)) === 1 && fold(a).length >= 3);
    return { ...p, id, aliases };
  });
const order = rng.shuffle(catalog);

const lines = order.map((p) => {
  const line = { id: p.id, name: p.name, brand: p.brand, category: p.category };
  if (p.aliases.length > 0) line.aliases = p.aliases;
  line.reviews = reviews(rng, p.id);
  const o = offers(rng, p.id, p.category);
  if (o.length > 0) line.offers = o;
  return JSON.stringify(line);
});
const queries = buildQueries({ rng, catalog: order, leftOut, absent, raw });

const write = (name, rows) =>
  writeFileSync(path.join(values.out, name), gzipSync(rows.join('\n') + '\n', { level: 9 }));
write('catalog.jsonl.gz', lines);
write(
  'queries.jsonl.gz',
  queries.map((q) => JSON.stringify(q)),
);

const tally = (xs, key) => {
  const t = {};
  for (const x of xs) t[key(x)] = (t[key(x)] ?? 0) + 1;
  return Object.entries(t).sort((a, b) => b[1] - a[1]);
};
process.stdout.write(
  `catalog ${catalog.length} products, ${queries.length} queries\n` +
    tally(catalog, (p) => p.category)
      .map(([k, n]) => `  ${k}: ${n}\n`)
      .join('') +
    tally(queries, (q) => q.kind)
      .map(([k, n]) => `  query ${k}: ${n}\n`)
      .join(''),
);
