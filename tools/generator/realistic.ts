import { CATEGORIES } from './categories.js';
import { clamp } from './family.js';
import { comparisonKey, slugify } from './names.js';
import { quote, reviewsAndOffersJson } from './product.js';
import { Rng, hash, seedKey } from './prng.js';
import { HeapsVocabulary, madeUpWord } from './vocabulary.js';

// Catalog names as real catalogs write them (`catalog:generate -- --style realistic`): short
// (about two words, the brand apart), mostly model codes, with a vocabulary of series words
// that keeps growing with the catalog (Heaps' law), a long tail of brands (a few with
// thousands of products, most with one or two), families of near-siblings whose codes differ
// by a digit or a suffix ("DCP-1610W", "DCP-1610NW", "DCP-1612W") and aliases on about one
// product in five. Each family also has a sibling no product is ever given (a near miss).

/** Raised whenever a seed comes to give another catalog: cached copies carry it in their name. */
export const REALISTIC_VERSION = 2;

export interface RealisticProduct {
  readonly id: string;
  readonly name: string;
  readonly brand: string;
  readonly category: string;
  readonly aliases: readonly string[];
  /** Index of the product's family; its siblings share it. */
  readonly family: number;
  /** The model code in its name ("DCP-1610W"), if the name has one: no other product's. */
  readonly code?: string;
}

export interface RealisticFamily {
  readonly index: number;
  readonly brand: string;
  /** A sibling name no product of the catalog has (brand apart), one edit from a member. */
  readonly nearMiss: string;
  /** Its model code, if it has one: no product's code, name or alias. */
  readonly nearMissCode?: string;
}

interface Brand {
  readonly name: string;
  /** The name as resolution compares it (comparisonKey), part of every product's key. */
  readonly key: string;
  readonly category: string;
  /** Letters in front of the brand's model numbers ("DCP", "WP", "V"), and what follows them. */
  readonly prefixes: readonly string[];
  readonly separator: string;
  /** Digits of its model numbers, more once its codes run short. */
  digits: number;
  readonly series: string[];
}

const SUFFIXES = ['', '', '', 'N', 'W', 'DW', 'NW', 'X', 'A', 'S', 'E', 'DN', 'T', 'i'];
const VARIANTS = ['Pro', 'Max', 'Lite', 'Plus', 'Mini', 'Neo', 'Ultra', 'Star', 'Color', 'MFP'];
/** Members per family: 1 to 5. */
const FAMILY_SIZES = [46, 24, 14, 9, 7];
/** Name shapes: code alone, series and code, series code variant, series words. */
const SHAPES = [44, 34, 10, 12];
const LETTERS = [...'ABCDEFGHJKLMNPRSTVWXZ'];

/**
 * The catalog's products in order, and for each family its near miss (via `onFamily`). The
 * same seed and size always give the same catalog; names are unique per brand once normalised.
 */
export function* realisticCatalog(
  products: number,
  seed = 1,
  onFamily?: (family: RealisticFamily) => void,
): Generator<RealisticProduct> {
  const rng = new Rng(hash(seedKey(seed), 0x7ea1));
  const words = new HeapsVocabulary(rng);
  // About as many brands as the square root of the catalog times 14 (1,980 at 20,000), each
  // drawn with a Zipf-like weight, so a few brands hold most products.
  const brandCount = Math.max(5, Math.round(16 * Math.sqrt(products)));
  const cumulative: number[] = [];
  for (let r = 0, total = 0; r < brandCount; r++) cumulative.push((total += 1 / (r + 4)));
  const brands: Brand[] = [];
  const taken = new Set<string>();
  const brandAt = (rank: number) => (brands[rank] ??= newBrand(rng, words, taken));
  const used = new Set<string>();
  let emitted = 0;
  for (let family = 0; emitted < products; family++) {
    const x = rng.next() * cumulative.at(-1)!;
    let lo = 0;
    for (let hi = brandCount - 1; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    const brand = brandAt(lo);
    // A model code names one product of its brand, as real codes do: no two products carry
    // one, and a near miss's is no product's (nor the code of another family's near miss). A
    // brand whose codes run short draws longer numbers, as makers with many products do.
    const key = (name: string) => `${brand.key}|${comparisonKey(name)}`;
    const free = ({ name, code }: FamilyName) =>
      !used.has(key(name)) && (code === undefined || !used.has(key(code)));
    let names = familyNames(rng, brand, words);
    let members = names.members.filter(free);
    for (let tries = 1; members.length === 0 || !free(names.nearMiss); tries++) {
      if (tries % 4 === 0) brand.digits++;
      names = familyNames(rng, brand, words);
      members = names.members.filter(free);
    }
    const reserve = ({ name, code }: FamilyName) => {
      used.add(key(name));
      if (code !== undefined) used.add(key(code));
    };
    reserve(names.nearMiss); // never a product
    onFamily?.({
      index: family,
      brand: brand.name,
      nearMiss: names.nearMiss.name,
      ...(names.nearMiss.code !== undefined && { nearMissCode: names.nearMiss.code }),
    });
    for (const member of members.slice(0, products - emitted)) {
      reserve(member);
      const { name, code } = member;
      const aliases = rng.chance(0.15) ? aliasesOf(rng, brand, name, used, key) : [];
      emitted++;
      yield {
        id: `${slugify(`${brand.name} ${name}`)}-${emitted.toString(36)}`,
        name,
        brand: brand.name,
        category: brand.category,
        aliases,
        family,
        ...(code !== undefined && { code }),
      };
    }
  }
}

function newBrand(rng: Rng, words: HeapsVocabulary, taken: Set<string>): Brand {
  let name: string;
  let key: string;
  do {
    name = rng.chance(0.12) ? `${madeUpWord(rng)} ${words.draw()}` : madeUpWord(rng);
    if (rng.chance(0.08)) name = name.toUpperCase();
    key = comparisonKey(name);
  } while (taken.has(key));
  taken.add(key);
  const prefix = () => Array.from({ length: rng.between(1, 3) }, () => rng.pick(LETTERS)).join('');
  return {
    name,
    key,
    category: rng.pick(CATEGORIES).name,
    prefixes: Array.from({ length: rng.between(1, 3) }, prefix),
    separator: rng.pick(['', '', '-', '-', ' ']),
    digits: rng.between(1, 4),
    series: [],
  };
}

/** A name a family gives (brand apart), and the model code in it, if it has one. */
interface FamilyName {
  name: string;
  code?: string;
}

/** A family's member names and its near miss. */
function familyNames(rng: Rng, brand: Brand, words: HeapsVocabulary) {
  const shape = rng.weighted(SHAPES);
  const series = shape === 0 ? '' : seriesOf(rng, brand, words);
  const prefix = rng.pick(brand.prefixes);
  const digits = Math.max(1, brand.digits + rng.between(-1, 1));
  const number = String(rng.between(10 ** (digits - 1), 10 ** digits - 1));
  const variant = shape === 2 ? ` ${rng.pick(VARIANTS)}` : '';
  const write = (n: string, suffix: string): FamilyName => {
    if (shape === 3) return { name: `${series} ${rng.pick(VARIANTS)}` };
    const code = `${prefix}${brand.separator}${n}${suffix}`;
    return { name: `${series} ${code}${variant}`.trim(), code };
  };
  // Siblings: the same number with other suffixes, or a neighbour number.
  const count = 1 + rng.weighted(FAMILY_SIZES);
  const members = new Map<string, FamilyName>();
  for (let i = 0; members.size < count && i < 4 * count; i++) {
    const n = i === 0 || rng.chance(0.6) ? number : neighbour(rng, number);
    const member = write(n, rng.pick(SUFFIXES));
    if (!members.has(member.name)) members.set(member.name, member);
  }
  let nearMiss = write(neighbour(rng, number), rng.pick(SUFFIXES));
  if (shape === 3) nearMiss = { name: `${series} ${madeUpWord(rng)}` };
  return { members: [...members.values()].filter((m) => m.name !== nearMiss.name), nearMiss };
}

/** One of the brand's series, or a new one (a word, two words, or two written as one). */
function seriesOf(rng: Rng, brand: Brand, words: HeapsVocabulary): string {
  if (brand.series.length > 0 && rng.chance(1 - 1 / (1 + brand.series.length)))
    return rng.pick(brand.series);
  const roll = rng.next();
  const series =
    roll < 0.7
      ? words.draw()
      : roll < 0.85
        ? `${words.draw()} ${words.draw()}`
        : words.draw() + words.draw();
  brand.series.push(rng.chance(0.1) ? series.toUpperCase() : series);
  return brand.series.at(-1)!;
}

/** The number with one digit changed. */
function neighbour(rng: Rng, number: string): string {
  const at = rng.int(number.length);
  const digit = (Number(number[at]) + 1 + rng.int(8)) % 10;
  const changed = number.slice(0, at) + digit + number.slice(at + 1);
  return changed.startsWith('0') && changed.length > 1 ? `1${changed.slice(1)}` : changed;
}

/** Another code the product is sold under: a regional model code, unique within the brand. */
function aliasesOf(
  rng: Rng,
  brand: Brand,
  name: string,
  used: Set<string>,
  key: (name: string) => string,
): string[] {
  const aliases: string[] = [];
  for (let n = rng.between(1, 2); aliases.length < n;) {
    const letters = `${rng.pick(LETTERS)}${rng.pick(LETTERS)}`;
    const alias = `${letters}-${rng.pick(LETTERS)}${rng.between(100, 9999)}${rng.pick(SUFFIXES)}`;
    if (used.has(key(alias)) || alias === name) continue;
    used.add(key(alias));
    aliases.push(alias);
  }
  return aliases;
}

/** The catalog's lines as JSON text (no newline): names as above, reviews and offers. */
export function* realisticCatalogLines(products: number, seed = 1): Generator<string> {
  const key = hash(seedKey(seed), 0xb0d1);
  let index = 0;
  for (const product of realisticCatalog(products, seed)) {
    const spec = SPECS.get(product.category)!;
    // Siblings share their family's quality and criterion profile; each has its own draws.
    const family = new Rng(hash(key, product.family));
    const quality = clamp(62 + family.noise(30), 15, 96);
    const offsets = spec.criteria.map(() => family.noise(20));
    const price = spec.price[0] + family.next() * (spec.price[1] - spec.price[0]);
    const rng = new Rng(hash(key, product.family, ++index));
    const { id, name, brand, aliases } = product;
    let line = `{"id":"${id}","name":${quote(name)},"brand":${quote(brand)},"category":"${spec.name}"`;
    if (aliases.length > 0) line += `,"aliases":[${aliases.map(quote).join(',')}]`;
    const reviewed = { spec, offsets, id, quality: quality + rng.noise(4), genIndex: 0, price };
    yield line + reviewsAndOffersJson(rng, reviewed) + '}';
  }
}

const SPECS = new Map(CATEGORIES.map((spec) => [spec.name, spec]));
