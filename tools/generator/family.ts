import type { CategorySpec } from './category-spec.js';
import { productId, productName, slugify, type MemberAttributes } from './names.js';
import { Rng, hash } from './prng.js';
import { locateFamily, modelNumber, type BrandSpec, type LineSpec, type World } from './world.js';

// A family is one model number of one line: its members are the combinations of a few variant
// words, generations, sizes and colours. Some members are listed in the catalog, the others are
// held out, so benchmarks can ask for near-miss siblings that the catalog does not have.

export interface Member extends MemberAttributes {
  /** Position in the family's member space (stable, used for hashing). */
  readonly slot: number;
  readonly name: string;
  readonly id: string;
  /** Whether the member is in the catalog (once the catalog is long enough to reach it). */
  readonly listed: boolean;
}

export interface Family {
  readonly index: number;
  readonly key: number;
  readonly spec: CategorySpec;
  readonly brand: BrandSpec;
  readonly line: LineSpec;
  readonly code: string;
  /** A one-digit-away model number no family uses (see modelNumber), or null. */
  readonly heldOutCode: string | null;
  readonly variants: readonly string[];
  readonly generations: readonly string[];
  readonly sizes: readonly string[];
  readonly colours: readonly string[];
  /** Underlying quality, 0 to 100, that reviews scatter around. */
  readonly quality: number;
  /** Per criterion of spec.criteria: how far the family's rating sits from its score. */
  readonly offsets: readonly number[];
  readonly basePrice: number;
  readonly members: readonly Member[];
}

const LISTED = 0.7;
const MAX_LISTED = 8;

export function buildFamily(world: World, index: number): Family {
  const { category, brand, line, model } = locateFamily(world, index);
  const spec = category.spec;
  const key = hash(world.key, index, 0xfa);
  const rng = new Rng(key);
  const { code, heldOut: heldOutCode } = modelNumber(world, line, model);

  const variants = pickVariants(rng, spec.variants);
  const generations = run(rng, spec.generations, rng.chance(0.25) ? 2 : 1);
  const sizes = spec.sizes.length ? run(rng, spec.sizes, 1 + rng.weighted([40, 30, 30])) : [''];
  const colourRoll = rng.next();
  const colourCount =
    spec.colours.length === 0 ? 0 : colourRoll < 0.2 ? 1 : colourRoll < 0.35 ? 2 : 0;
  const colours = colourCount ? rng.shuffle(spec.colours).slice(0, colourCount) : [''];

  const quality = clamp(62 + rng.noise(30), 15, 96);
  const priceLevel = clamp(0.5 * rng.next() + (0.5 * (quality - 30)) / 65, 0, 1);
  const offsets = spec.criteria.map(() => rng.noise(20));
  const [low, high] = spec.price;
  const basePrice = low * (high / low) ** priceLevel;

  const space: MemberAttributes[] = [];
  for (const variant of variants)
    for (const generation of generations)
      for (const size of sizes)
        for (const colour of colours) space.push({ variant, generation, size, colour });
  const listed = space.map(() => rng.chance(LISTED));
  if (!listed.includes(true)) listed[rng.int(space.length)] = true;
  let count = 0;
  const codeSlug = slugify(code);
  const members = space.map((attributes, slot): Member => {
    const { variant, generation, size, colour } = attributes;
    const name = productName(brand.name, line.name, code, attributes);
    const id = productId(brand.name, line.name, codeSlug, attributes);
    const isListed = listed[slot] === true && count++ < MAX_LISTED;
    return { variant, generation, size, colour, slot, name, id, listed: isListed };
  });

  return {
    index,
    key,
    spec,
    brand,
    line,
    code,
    heldOutCode,
    variants,
    generations,
    sizes,
    colours,
    quality,
    offsets,
    basePrice,
    members,
  };
}

/** 1 to 3 variant words in catalog order, usually including the base model. */
function pickVariants(rng: Rng, all: readonly string[]): string[] {
  const count = Math.min(all.length, 1 + rng.weighted([45, 30, 25]));
  const chosen = new Set<string>();
  if (rng.chance(0.75)) chosen.add('');
  while (chosen.size < count) chosen.add(rng.pick(all));
  return all.filter((v) => chosen.has(v));
}

/** `count` consecutive values of a list (generations, sizes). */
function run(rng: Rng, all: readonly string[], count: number): string[] {
  const n = Math.min(count, all.length);
  const start = rng.int(all.length - n + 1);
  return all.slice(start, start + n);
}

export function clamp(x: number, low: number, high: number): number {
  return x < low ? low : x > high ? high : x;
}
