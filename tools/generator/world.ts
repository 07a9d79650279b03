import { CATEGORIES } from './categories.js';
import type { CategorySpec } from './category-spec.js';
import { Rng, hash, seedKey } from './prng.js';

// The seeded world: which lines each brand has and how each line writes its model numbers.
// Family f maps to (category, brand, line, t) by a mixed-radix decomposition, a bijection, so
// two families never share a (brand, line, model number) and names are unique by construction.

export interface LineSpec {
  readonly name: string;
  /** Index of the line in the whole world, for hashing. */
  readonly key: number;
  /** Two letters, unique across the world: a model number names one line of one brand. */
  readonly prefix: string;
  readonly separator: string;
  readonly suffix: string;
  /** Digits of the line's first model numbers (more digits once a length is used up). */
  readonly digits: number;
  /** Whether siblings differ in the first digit (XR-380, XR-480) or the last (S24, S25). */
  readonly varyFirst: boolean;
  /** Order in which the first fixed digit takes its values. */
  readonly order: readonly number[];
}

export interface BrandSpec {
  readonly name: string;
  readonly lines: readonly LineSpec[];
}

export interface WorldCategory {
  readonly spec: CategorySpec;
  readonly brands: readonly BrandSpec[];
}

export interface World {
  readonly key: number;
  readonly categories: readonly WorldCategory[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/** Round numbers first: tails like 00, 50 and 90 before 37. */
const ROUND = [0, 5, 9, 8, 2, 4, 6, 1, 3, 7];

const worlds = new Map<number, World>();

export function worldFor(seed: number): World {
  let world = worlds.get(seed);
  if (world === undefined) {
    world = buildWorld(seed);
    worlds.set(seed, world);
  }
  return world;
}

function buildWorld(seed: number): World {
  const key = seedKey(seed);
  const rng = new Rng(hash(key, 0x5eed));
  const pairs: string[] = [];
  for (const a of LETTERS) for (const b of LETTERS) pairs.push(a + b);
  const prefixes = rng.shuffle(pairs);
  let lineKey = 0;
  const categories = CATEGORIES.map((spec) => ({
    spec,
    brands: rng.shuffle(spec.brands).map((name) => ({
      name,
      lines: rng
        .shuffle(spec.lines)
        .slice(0, rng.between(3, 5))
        .map((lineName): LineSpec => {
          const prefix = prefixes[lineKey];
          if (prefix === undefined) throw new Error('more product lines than model prefixes');
          const digits = 1 + rng.weighted([10, 30, 40, 20]);
          return {
            name: lineName,
            key: lineKey++,
            prefix,
            separator: ['-', '', ' '][rng.weighted([5, 4, 1])] as string,
            suffix: rng.chance(0.15) ? rng.pick(['C', 'X', 'S', 'E', 'N']) : '',
            digits,
            varyFirst: digits >= 3,
            order: rng.shuffle(digits >= 3 ? DIGITS : DIGITS.slice(1)),
          };
        }),
    })),
  }));
  return { key, categories };
}

export interface FamilyLocation {
  readonly category: WorldCategory;
  readonly brand: BrandSpec;
  readonly line: LineSpec;
  /** The family's model number index within its line. */
  readonly model: number;
}

export function locateFamily(world: World, family: number): FamilyLocation {
  const count = world.categories.length;
  const category = world.categories[family % count] as WorldCategory;
  let rest = Math.floor(family / count);
  const brand = category.brands[rest % category.brands.length] as BrandSpec;
  rest = Math.floor(rest / category.brands.length);
  const line = brand.lines[rest % brand.lines.length] as LineSpec;
  return { category, brand, line, model: Math.floor(rest / brand.lines.length) };
}

/** Model numbers per series; the series' other digit values are never used (held out). */
const SERIES = 6;

export interface ModelNumber {
  readonly code: string;
  /**
   * A model number one digit away from code that no family ever uses. A series has 6 numbers
   * and 3 or 4 unused ones; the first families of the series own one each, the others null.
   */
  readonly heldOut: string | null;
}

/**
 * The model number of a line's model t. Models come in series of SERIES numbers that differ in
 * one digit (XR-180, XR-480, XR-580, ...); series are numbered by their fixed digits, and when
 * a length runs out the line moves to one digit more. Injective in t for a given line.
 */
export function modelNumber(world: World, line: LineSpec, t: number): ModelNumber {
  let series = Math.floor(t / SERIES);
  let digits = line.digits;
  while (series >= seriesCount(digits, line.varyFirst)) {
    series -= seriesCount(digits, line.varyFirst);
    digits++;
  }
  const fixed = fixedDigits(line, digits, series);
  const values = line.varyFirst || digits === 1 ? DIGITS.slice(1) : DIGITS;
  const order = new Rng(hash(world.key, line.key, digits, series)).shuffle(values);
  const render = (d: number | undefined) =>
    d === undefined
      ? null
      : line.prefix + line.separator + (line.varyFirst ? d + fixed : fixed + d) + line.suffix;
  const position = t % SERIES;
  return { code: render(order[position]) as string, heldOut: render(order[SERIES + position]) };
}

function seriesCount(digits: number, varyFirst: boolean): number {
  if (varyFirst) return 10 ** (digits - 1);
  return digits === 1 ? 1 : 9 * 10 ** (digits - 2);
}

/** The digits that stay fixed within a series, from its number (a bijection per length). */
function fixedDigits(line: LineSpec, digits: number, series: number): string {
  const base = line.order.length;
  let out = digits > 1 ? String(line.order[series % base]) : '';
  let rest = Math.floor(series / base);
  for (let i = 2; i < digits; i++) {
    out += String(ROUND[rest % 10]);
    rest = Math.floor(rest / 10);
  }
  return out;
}
