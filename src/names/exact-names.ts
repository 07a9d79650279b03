import { compactName, normaliseName } from './name-normaliser.js';

// The names that are exactly a product's, once folded (case, accents, punctuation and spacing
// aside): each of its names and aliases alone, with its brand before or after, and its name
// followed by an alias ("Galaxy S21 SM-G991B"). A query that is one of these keys is exactly
// that product's name (name-matcher.ts, "same name"); when no other product has the key, the
// import records it (name_keys) and a lookup of it is one index probe.

/** Every exact key of a product: `names` normalised, its name first, then its aliases. */
export function exactNameKeys(names: readonly string[], brand: string): string[] {
  const brandKey = compactName(normaliseName(brand));
  const [name, ...aliases] = names.map(compactName);
  const keys = new Set<string>();
  for (const key of [name!, ...aliases]) {
    if (key === '') continue;
    keys.add(key);
    if (brandKey !== '') keys.add(brandKey + key).add(key + brandKey);
  }
  for (const alias of aliases) if (alias !== '') keys.add(name! + alias);
  return [...keys];
}

/** A query's key, to probe the exact names with. */
export const exactKeyOf = (query: string): string => compactName(normaliseName(query));
