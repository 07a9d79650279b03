import type { CatalogLine } from '../../src/catalog/catalog-line.schema.js';
import { buildFamily, type Family } from './family.js';
import { heldOutOf, type HeldOutName } from './held-out.js';
import { productJson } from './product.js';
import { worldFor } from './world.js';

// The synthetic catalog of `catalog:generate`, for benchmarks and load tests.
//
// Products come in families: one model number of one product line (Veltra Pulse XR-480), whose
// members differ only by variant word, generation, size or colour (XR-480, XR-480 Pro,
// XR-480 Pro Max). Families of a line come in series whose model numbers differ in one digit
// (XR-180, XR-480, XR-580). Every family is a pure function of (seed, family index), so the
// catalog of N products is the first N listed members of families 0, 1, 2, ... and the
// catalog of a larger N extends it. Names and ids are unique by construction for any N (a
// family owns its brand, line and model number); names and aliases stay unique after
// resolution's normalisation (comparisonKey), which the unit tests check and a 5M-product run
// confirmed.

export type { HeldOutKind, HeldOutName } from './held-out.js';
export { comparisonKey, slugify } from './names.js';

export interface CatalogOptions {
  /** Number of products (lines) in the catalog. */
  readonly products: number;
  /** Any safe integer; 1 when omitted. */
  readonly seed?: number;
}

export interface FamilyMember {
  readonly name: string;
  readonly id: string;
  /** '' where the member has none of that attribute. */
  readonly variant: string;
  readonly generation: string;
  readonly size: string;
  readonly colour: string;
  /** Listed by design: in every catalog of this seed long enough to reach it. */
  readonly listed: boolean;
  /** In the catalog of the options given (describeFamily: same as listed). */
  readonly inCatalog: boolean;
}

export interface ProductFamily {
  readonly index: number;
  readonly category: string;
  readonly brand: string;
  readonly line: string;
  readonly modelNumber: string;
  /** A model number one digit away that no product of this seed ever has, or null. */
  readonly heldOutModelNumber: string | null;
  /** The whole member space; members not listed are held out. */
  readonly members: readonly FamilyMember[];
}

/**
 * The lines of `catalog:generate` as JSON text (no newline), in file order. The text is the
 * definition of the catalog; generateCatalog parses it.
 */
export function* generateCatalogLines(options: CatalogOptions): Generator<string> {
  const { products, seed } = checked(options);
  const world = worldFor(seed);
  let emitted = 0;
  for (let index = 0; emitted < products; index++) {
    const family = buildFamily(world, index);
    for (const member of family.members) {
      if (!member.listed) continue;
      yield productJson(family, member);
      if (++emitted === products) return;
    }
  }
}

/** The catalog as objects: generateCatalogLines, parsed. */
export function* generateCatalog(options: CatalogOptions): Generator<CatalogLine> {
  for (const line of generateCatalogLines(options)) yield JSON.parse(line) as CatalogLine;
}

/** Family `index` of a seed, independent of any catalog length. */
export function describeFamily(seed: number, index: number): ProductFamily {
  const family = buildFamily(worldFor(seed), index);
  return publicFamily(
    family,
    family.members.map((m) => m.listed),
  );
}

/** The families that have at least one product in the catalog of `options`, in file order. */
export function* catalogFamilies(options: CatalogOptions): Generator<ProductFamily> {
  for (const [family, inCatalog] of families(options)) yield publicFamily(family, inCatalog);
}

/**
 * Names that are in no catalog of this seed but whose near-miss siblings are in this one: held
 * out members, unused variant words, sizes and generations, and one-digit-away model numbers.
 * Deterministic and unique; a few per family of the catalog.
 */
export function* heldOutSiblings(options: CatalogOptions): Generator<HeldOutName> {
  for (const [family, inCatalog] of families(options)) yield* heldOutOf(family, inCatalog);
}

function* families(options: CatalogOptions): Generator<[Family, boolean[]]> {
  const { products, seed } = checked(options);
  const world = worldFor(seed);
  let emitted = 0;
  for (let index = 0; emitted < products; index++) {
    const family = buildFamily(world, index);
    const inCatalog = family.members.map((member) => {
      if (!member.listed || emitted === products) return false;
      emitted++;
      return true;
    });
    yield [family, inCatalog];
  }
}

function publicFamily(family: Family, inCatalog: readonly boolean[]): ProductFamily {
  return {
    index: family.index,
    category: family.spec.name,
    brand: family.brand.name,
    line: family.line.name,
    modelNumber: family.code,
    heldOutModelNumber: family.heldOutCode,
    members: family.members.map((m) => ({
      name: m.name,
      id: m.id,
      variant: m.variant,
      generation: m.generation,
      size: m.size,
      colour: m.colour,
      listed: m.listed,
      inCatalog: inCatalog[m.slot] === true,
    })),
  };
}

function checked(options: CatalogOptions): { products: number; seed: number } {
  const { products, seed = 1 } = options;
  if (!Number.isSafeInteger(products) || products < 0) {
    throw new RangeError(`products must be a non-negative integer, got ${products}`);
  }
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  return { products, seed };
}
