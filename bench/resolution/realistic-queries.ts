import {
  realisticCatalog,
  type RealisticFamily,
  type RealisticProduct,
} from '../../tools/generator/realistic.js';
import { Rng, hash, seedKey } from '../../tools/generator/prng.js';
import { madeUpWord } from '../../tools/generator/vocabulary.js';
import type { LabelledQuery, QueryKind } from './evaluate.js';
import { fold } from './realnames.js';

// Labelled lookups of a realistic generated catalog (catalog:generate --style realistic), of
// the kinds people write: the name alone where no other brand has it, brand and name, the same
// with case, hyphens and spaces changed, an alias, a slip in a word of letters, a family's
// near miss (a sibling code no product has: refused), and made-up names (refused).

type RealisticKind = Extract<
  QueryKind,
  'exact' | 'brand-name' | 'noise' | 'alias' | 'typo' | 'near-miss' | 'gibberish'
>;

const KINDS: readonly [RealisticKind, number][] = [
  ['exact', 18],
  ['brand-name', 18],
  ['noise', 14],
  ['alias', 10],
  ['typo', 14],
  ['near-miss', 14],
  ['gibberish', 12],
];

export function realisticQueries(products: number, seed: number, count: number): LabelledQuery[] {
  const families: RealisticFamily[] = [];
  const catalog = [...realisticCatalog(products, seed, (f) => families.push(f))];
  const bareNames = new Map<string, number>();
  const taken = new Set<string>();
  for (const p of catalog) {
    for (const name of [p.name, ...p.aliases]) {
      bareNames.set(fold(name), (bareNames.get(fold(name)) ?? 0) + 1);
      taken.add(fold(`${p.brand} ${name}`));
    }
  }
  const rng = new Rng(hash(seedKey(seed), 0x9e71));
  const queries: LabelledQuery[] = [];
  const weights = KINDS.map(([, w]) => w);
  for (let attempts = 0; queries.length < count && attempts < 50 * count; attempts++) {
    const kind = KINDS[rng.weighted(weights)]![0];
    const query = make(kind, rng.pick(catalog), rng, families, bareNames, taken);
    if (query) queries.push(query);
  }
  return queries;
}

function make(
  kind: RealisticKind,
  product: RealisticProduct,
  rng: Rng,
  families: readonly RealisticFamily[],
  bareNames: ReadonlyMap<string, number>,
  taken: ReadonlySet<string>,
): LabelledQuery | undefined {
  const { id, brand, name } = product;
  const labelled = (query: string) => ({ query, expected: id, kind });
  switch (kind) {
    case 'exact':
      return bareNames.get(fold(name)) === 1 ? labelled(name) : undefined;
    case 'brand-name':
      return labelled(`${brand} ${name}`);
    case 'noise':
      return labelled(noisy(rng, `${brand} ${name}`));
    case 'alias': {
      const alias = product.aliases[0];
      if (!alias) return undefined;
      return labelled(bareNames.get(fold(alias)) === 1 ? alias : `${brand} ${alias}`);
    }
    case 'typo': {
      const words = name.split(' ').filter((w) => /^\p{L}{5,}$/u.test(w));
      if (words.length === 0) return undefined;
      const word = rng.pick(words);
      const slipped = name.replace(word, slip(rng, word));
      const query = `${brand} ${slipped}`;
      return taken.has(fold(query)) ? undefined : labelled(query);
    }
    case 'near-miss': {
      const family = rng.pick(families);
      const query = `${family.brand} ${family.nearMiss}`;
      return taken.has(fold(query)) ? undefined : { query, expected: null, kind };
    }
    case 'gibberish': {
      const query = `${madeUpWord(rng)} ${madeUpWord(rng)} ${rng.between(10, 9999)}`;
      return taken.has(fold(query)) ? undefined : { query, expected: null, kind: 'gibberish' };
    }
  }
}

/** Case, hyphens and spaces as people change them: "bover dcp 1610w", "BOVER DCP1610W". */
function noisy(rng: Rng, text: string): string {
  const cased = rng.chance(0.5) ? text.toLowerCase() : text.toUpperCase();
  return rng.chance(0.5)
    ? cased.replaceAll('-', rng.chance(0.5) ? ' ' : '')
    : cased.replace(/(\p{L})(\d)/u, '$1-$2');
}

/** One slip inside a word: two letters swapped, or one letter replaced by a neighbour's. */
function slip(rng: Rng, word: string): string {
  const at = 1 + rng.int(word.length - 2);
  if (rng.chance(0.5)) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  const letter = String.fromCharCode(97 + ((word.toLowerCase().charCodeAt(at) - 97 + 1) % 26));
  return word.slice(0, at) + letter + word.slice(at + 1);
}
