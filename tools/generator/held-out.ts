import type { Family, Member } from './family.js';
import { productName, type MemberAttributes } from './names.js';
import { Rng, hash } from './prng.js';

/** The one thing a held-out name changes relative to its in-catalog sibling. */
export type HeldOutKind = 'model-number' | 'variant' | 'generation' | 'size' | 'colour';

export interface HeldOutName {
  /** A product name that is in no catalog of this seed, whatever its length. */
  readonly name: string;
  readonly kind: HeldOutKind;
  /** The in-catalog product it differs from in exactly one attribute (or one digit). */
  readonly sibling: string;
  /** Index of the sibling's family. */
  readonly family: number;
}

type Attribute = Exclude<HeldOutKind, 'model-number'>;
const ATTRIBUTES: readonly Attribute[] = ['variant', 'generation', 'size', 'colour'];

/**
 * Held-out names of one family, given which of its members are in the catalog: members the
 * family leaves out, attribute values the family does not use (a Pro Max where only base and Pro
 * exist, a size or generation more), and the family's held-out model number. Names never repeat
 * across families: each belongs to its family's own (brand, line, model number).
 */
export function* heldOutOf(family: Family, inCatalog: readonly boolean[]): Generator<HeldOutName> {
  const present = family.members.filter((m) => inCatalog[m.slot] === true);
  const first = present[0];
  if (first === undefined) return;
  const index = family.index;
  const name = (m: MemberAttributes, code = family.code) =>
    productName(family.brand.name, family.line.name, code, m);

  for (const member of family.members) {
    if (member.listed) continue;
    for (const sibling of present) {
      const kind = onlyDifference(member, sibling);
      if (kind === null) continue;
      yield { name: member.name, kind, sibling: sibling.name, family: index };
      break;
    }
  }

  const rng = new Rng(hash(family.key, 0x4e1d));
  const spec = family.spec;
  const unused: Record<Attribute, string[]> = {
    variant: spec.variants.filter((v) => !family.variants.includes(v)),
    generation: spec.generations.filter((g) => !family.generations.includes(g)),
    size: spec.sizes.filter((s) => !family.sizes.includes(s)),
    // A colour is only a near miss where the family already names colours.
    colour: first.colour === '' ? [] : spec.colours.filter((c) => !family.colours.includes(c)),
  };
  for (const kind of ATTRIBUTES) {
    for (const value of rng.shuffle(unused[kind]).slice(0, kind === 'variant' ? 2 : 1)) {
      const changed = { ...pick(first), [kind]: value };
      yield { name: name(changed), kind, sibling: first.name, family: index };
    }
  }

  if (family.heldOutCode !== null) {
    const changed = name(first, family.heldOutCode);
    yield { name: changed, kind: 'model-number', sibling: first.name, family: index };
  }
}

function pick(m: Member): MemberAttributes {
  return { variant: m.variant, generation: m.generation, size: m.size, colour: m.colour };
}

function onlyDifference(a: MemberAttributes, b: MemberAttributes): Attribute | null {
  let found: Attribute | null = null;
  for (const kind of ATTRIBUTES) {
    if (a[kind] === b[kind]) continue;
    if (found !== null) return null;
    found = kind;
  }
  return found;
}
