// The lookups that must be refused: real products left out of the catalog while a sibling of
// theirs is in (near misses), and gibberish. See README.md beside this file.
import { fold } from './clean.mjs';
import { noise } from './edits.mjs';
import { hasIdentity, tokens } from './queries.mjs';

// Siblings: the same brand and name but for the digits, or but for one variant word: a tier,
// a generation (a roman numeral) or a short letter code, never a mode, an interface or a
// family name ("Aficio" and "IPSiO" are one printer's names in two markets).
const TIERS = new Set([
  'pro',
  'plus',
  'max',
  'mini',
  'lite',
  'ultra',
  'turbo',
  'mobility',
  'mark',
  'slim',
  'duo',
  'neo',
  'prime',
  'deluxe',
  'compact',
  'touch',
  'wireless',
  'wired',
  'oem',
]);
const NOT_VARIANT = new Set([
  'msc',
  'ums',
  'mtp',
  'ptp',
  'adb',
  'ahci',
  'raid',
  'ide',
  'usb',
  'pci',
  'hid',
  'cdc',
  'mfp',
  'the',
  'and',
  'for',
  'new',
]);
const isVariant = (w) =>
  w !== undefined &&
  !NOT_VARIANT.has(w) &&
  (TIERS.has(w) || /^(i{1,3}|iv|v|vi{1,3}|ix|x)$/.test(w) || /^[a-z]{1,3}$/.test(w));
const VARIANT_STOP = { has: (w) => !isVariant(w) };

/** Whether two names' words differ by exactly variant words (one added, dropped or swapped). */
export function differsByVariant(a, b) {
  const extra = (x, y) => x.filter((w) => !y.includes(w));
  const [ab, ba] = [extra(a, b), extra(b, a)];
  return (
    ab.length + ba.length > 0 && ab.length <= 1 && ba.length <= 1 && [...ab, ...ba].every(isVariant)
  );
}

function siblingIndex(catalog) {
  const skeletons = new Map();
  const full = new Map();
  const dropped = new Map();
  const add = (map, key, p) => map.set(key, [...(map.get(key) ?? []), p]);
  for (const p of catalog) {
    const t = tokens(p.name);
    if (/\d/.test(p.name)) add(skeletons, `${p.brand}|${t.join(' ').replace(/\d+/g, '#')}`, p);
    add(full, `${p.brand}|${t.join(' ')}`, p);
    t.forEach((w, i) => {
      if (!/^[a-z]+$/.test(w) || VARIANT_STOP.has(w)) return;
      const rest = [...t.slice(0, i), ...t.slice(i + 1)].join(' ');
      add(dropped, `${p.brand}|${rest}`, p);
      add(dropped, `${p.brand}|${rest}|${i}`, p);
    });
  }
  return { skeletons, full, dropped };
}

let index;
let indexOf;

export function nearMiss(rng, r, catalog, leftOutOk) {
  if (indexOf !== catalog) [index, indexOf] = [siblingIndex(catalog), catalog];
  if (!leftOutOk(r)) return null;
  const t = tokens(r.name);
  const found = [];
  if (/\d/.test(r.name)) {
    for (const s of index.skeletons.get(`${r.brand}|${t.join(' ').replace(/\d+/g, '#')}`) ?? [])
      found.push([s, 'digits']);
  }
  for (const s of index.dropped.get(`${r.brand}|${t.join(' ')}`) ?? [])
    found.push([s, 'variant word']);
  t.forEach((w, i) => {
    if (!/^[a-z]+$/.test(w) || VARIANT_STOP.has(w)) return;
    const rest = [...t.slice(0, i), ...t.slice(i + 1)].join(' ');
    for (const s of index.full.get(`${r.brand}|${rest}`) ?? []) found.push([s, 'variant word']);
    for (const s of index.dropped.get(`${r.brand}|${rest}|${i}`) ?? [])
      found.push([s, 'variant word']);
  });
  const siblings = found.filter(([s]) => fold(s.name) !== fold(r.name));
  if (siblings.length === 0) return null;
  const [sibling, differs] = rng.pick(siblings);
  const form = rng.next();
  let query = `${r.brand} ${r.name}`;
  if (form < 0.2 && hasIdentity(r.name)) query = r.name;
  else if (form > 0.8) query = noise(rng, r.brand, r.name) ?? query;
  return {
    query,
    expect: null,
    removed: { brand: r.brand, name: r.name },
    sibling_in_catalog: { brand: sibling.brand, name: sibling.name },
    differs,
  };
}

const SYLLABLES = [
  'vel',
  'kree',
  'snor',
  'glo',
  'ploz',
  'zor',
  'quav',
  'yub',
  'trax',
  'fen',
  'blor',
  'ptas',
  'tic',
  'wix',
  'ron',
  'dek',
  'mub',
  'zil',
  'grop',
  'nax',
  'thil',
  'vop',
  'kesh',
  'urn',
];
const word = (rng, n) => Array.from({ length: n }, () => rng.pick(SYLLABLES)).join('');
const letters = (rng, n) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + rng.int(26))).join('');
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Random letters and pseudo-words, some shaped like a brand and a model code. */
export function gibberish(rng) {
  switch (rng.int(4)) {
    case 0:
      return letters(rng, 7 + rng.int(9));
    case 1:
      return Array.from({ length: 1 + rng.int(3) }, () => word(rng, 2 + rng.int(2))).join(' ');
    case 2:
      return `${rng.pick(['the', 'my', 'a'])} ${word(rng, 2)} thing ${1 + rng.int(99)}${letters(rng, 2)}`;
    default:
      return `${cap(word(rng, 2))} ${letters(rng, 1).toUpperCase()}${1000 + rng.int(9000)} ${cap(word(rng, 3))}`;
  }
}
