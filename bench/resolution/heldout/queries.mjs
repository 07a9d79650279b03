// The held-out set's labelled lookups, made by rule from the catalog and from the real products
// left out of it (README.md beside this file). Nothing here asks the resolver anything.
import { fold } from './clean.mjs';
import { noise, typo, unicodeNoise } from './edits.mjs';
import { differsByVariant, gibberish, nearMiss } from './holdouts.mjs';

const TARGETS = {
  exact: 250,
  brand_name: 250,
  noise: 250,
  typo: 250,
  brand_dropped: 130,
  alias: 180,
  near_miss: 420,
  absent: 220,
  gibberish: 120,
  brand_after: 150,
  category_word: 150,
  two_typos: 100,
  lower_glued: 150,
  unicode_noise: 150,
  vendor_full: 120,
};

const CATEGORY_WORDS = {
  printer: 'printer',
  scanner: 'scanner',
  camera: 'camera',
  'camera lens': 'lens',
  gpu: 'gpu',
  'graphics card': 'graphics card',
  'network adapter': 'network adapter',
  'sound card': 'sound card',
  mouse: 'mouse',
  keyboard: 'keyboard',
  webcam: 'webcam',
  'drawing tablet': 'tablet',
  headset: 'headset',
  modem: 'modem',
};

// Words that do not make one product another: "PIXMA TS6130 Series" is "PIXMA TS6130".
const LOOSE =
  /\b(series|printer|scanner|camera|mfp|all-in-one|aio|photo|digital|dsc|zoom|usb|mtp|ptp|adb|cdrom|msc|ums)\b/gi;
const loose = (name, brandWords) =>
  tokens(name.replace(/\([^)]*\)/g, ' ').replace(LOOSE, ' '))
    .filter((t) => !brandWords.has(t))
    .join('');
export const tokens = (s) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
export const hasIdentity = (name) =>
  /[A-Za-z]/.test(name) && /\d/.test(name) && fold(name).length >= 4;

export function buildQueries({ rng, catalog, leftOut, absent, raw }) {
  const brandWords = new Set(
    [...catalog, ...absent].map((p) => p.brand.toLowerCase()).filter((b) => /^[a-z]+$/.test(b)),
  );
  const models = new Map(); // brand and the name's words with digits: the catalog's products
  const modelKey = (p) =>
    `${fold(p.brand)}|${tokens(p.name)
      .filter((t) => /\d/.test(t))
      .sort()}`;
  const owners = new Map();
  const own = (text, id) =>
    owners.set(fold(text), new Set([...(owners.get(fold(text)) ?? []), id]));
  const vocabulary = new Set();
  const looseNames = new Set();
  for (const p of catalog) {
    for (const form of [p.name, `${p.brand} ${p.name}`, ...p.aliases]) own(form, p.id);
    for (const a of p.aliases) own(`${p.brand} ${a}`, p.id);
    for (const t of tokens(`${p.brand} ${p.name} ${p.aliases.join(' ')}`)) vocabulary.add(t);
    for (const n of [p.name, ...p.aliases]) looseNames.add(loose(n, brandWords));
    if (/\d/.test(p.name)) models.set(modelKey(p), [...(models.get(modelKey(p)) ?? []), p]);
  }
  const sourceBrands = new Map();
  for (const r of raw) {
    sourceBrands.set(fold(r.name), new Set([...(sourceBrands.get(fold(r.name)) ?? []), r.brand]));
  }
  const onlyOwner = (query, p) => {
    const o = owners.get(fold(query));
    return o === undefined || (o.size === 1 && o.has(p.id));
  };
  const free = (text) => !owners.has(fold(text));
  // A product left out is looked up only where none of its names is any catalog product's.
  // Nor where a catalog product of its brand has the same model code and differs only in words
  // that name no variant ("LaserJet Professional M1212nf MFP" is "LaserJet M1212nf MFP").
  const renamed = (r) =>
    (models.get(modelKey(r)) ?? []).some((c) => !differsByVariant(tokens(r.name), tokens(c.name)));
  // "PowerShot ELPH 520 HS / IXUS 500 HS" is one camera under two markets' names: each of them
  // is one of its names too.
  const marketNames = (name) => (name.includes(' / ') ? name.split(' / ') : []);
  const leftOutOk = (r) =>
    !renamed(r) &&
    [r.name, ...marketNames(r.name), ...r.aliases].every(
      (n) => free(n) && free(`${r.brand} ${n}`) && !looseNames.has(loose(n, brandWords)),
    );
  const uniqueName = (p) => owners.get(fold(p.name)).size === 1 && hasIdentity(p.name);

  const out = [];
  const take = (kind, items, make) => {
    let n = 0;
    for (const item of items) {
      if (n >= TARGETS[kind]) break;
      const made = make(item);
      if (made === null || made === undefined) continue;
      const { query, expect, ...extra } = made;
      if (expect === null ? !free(query) : !onlyOwner(query, item)) continue;
      out.push({ query, expect, kind, ...extra });
      n++;
    }
  };
  const expect = (p) => ({ brand: p.brand, name: p.name });
  const shuffled = () => rng.shuffle(catalog);
  const brandName = (p) => `${p.brand} ${p.name}`;

  take('exact', shuffled(), (p) => (uniqueName(p) ? { query: p.name, expect: expect(p) } : null));
  take('brand_name', shuffled(), (p) => ({ query: brandName(p), expect: expect(p) }));
  take('noise', shuffled(), (p) => {
    const query = noise(rng, p.brand, p.name);
    return query === null ? null : { query, expect: expect(p) };
  });
  take('typo', shuffled(), (p) => {
    const t = typo(rng, brandName(p), vocabulary, 5, 1);
    return t === null ? null : { query: t.query, expect: expect(p), typo: t.typo };
  });
  const shared = (p) => (sourceBrands.get(fold(p.name))?.size ?? 0) > 1;
  // Names the source also gives other brands first, the categories taking turns.
  const dropped = takingTurns(shuffled(), (p) => p.category, shared);
  take('brand_dropped', dropped, (p) =>
    uniqueName(p)
      ? { query: p.name.toLowerCase(), expect: expect(p), shared_in_source: shared(p) }
      : null,
  );
  take('alias', shuffled(), (p) => {
    if (p.aliases.length === 0) return null;
    const alias = rng.pick(p.aliases);
    const alone = hasIdentity(alias) && fold(alias).length >= 5 && onlyOwner(alias, p);
    return { query: alone ? alias : `${p.brand} ${alias}`, expect: expect(p), alias };
  });
  take('near_miss', rng.shuffle(leftOut), (r) => nearMiss(rng, r, catalog, leftOutOk));
  take(
    'absent',
    takingTurns(rng.shuffle(absent), (r) => r.source),
    (r) => {
      if (!leftOutOk(r)) return null;
      const alone = hasIdentity(r.name) && rng.chance(0.3);
      const query = alone ? r.name : `${r.brand} ${r.name}`;
      return { query, expect: null, removed: { brand: r.brand, name: r.name }, source: r.source };
    },
  );
  take(
    'gibberish',
    Array.from({ length: 1000 }, (_, i) => i),
    () => {
      const query = gibberish(rng);
      return tokens(query).some((t) => t.length >= 3 && vocabulary.has(t))
        ? null
        : { query, expect: null };
    },
  );
  take('brand_after', shuffled(), (p) => ({ query: `${p.name} ${p.brand}`, expect: expect(p) }));
  take('category_word', shuffled(), (p) => {
    const word = CATEGORY_WORDS[p.category];
    if (word === undefined || tokens(p.name).includes(word.split(' ')[0])) return null;
    return { query: `${brandName(p)} ${word}`, expect: expect(p), category_word: word };
  });
  take('two_typos', shuffled(), (p) => {
    const t = typo(rng, brandName(p), vocabulary, 9, 2);
    return t === null ? null : { query: t.query, expect: expect(p), typo: t.typo };
  });
  take('lower_glued', shuffled(), (p) => ({ query: fold(brandName(p)), expect: expect(p) }));
  take('unicode_noise', shuffled(), (p) => {
    const u = unicodeNoise(rng, p.brand, p.name);
    return u === null ? null : { query: u.query, expect: expect(p), unicode: u.kind };
  });
  take('vendor_full', shuffled(), (p) => {
    const vendor = p.vendor
      .replace(/\[hex\]|\(wrong id\)/gi, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (fold(vendor) === fold(p.brand)) return null;
    return { query: `${vendor} ${p.name}`, expect: expect(p), vendor };
  });
  return out;
}

/** Items in turns of their group (and those `first` picks before the rest), order kept within. */
function takingTurns(items, group, first = () => true) {
  const turn = new Map();
  return items
    .map((item) => {
      const g = group(item);
      turn.set(g, (turn.get(g) ?? 0) + 1);
      return { item, rank: (first(item) ? 0 : 1e6) + turn.get(g) };
    })
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
}
