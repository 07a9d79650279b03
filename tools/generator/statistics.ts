// What a catalog's names look like, in figures: the yardstick between generated catalogs and
// real ones (the generator's test, and the scale benchmark for every catalog it builds).

export interface NameStatistics {
  readonly products: number;
  /** Mean characters and words (split at spaces) of a name, the brand apart. */
  readonly charsPerName: number;
  readonly wordsPerName: number;
  /** Distinct words of letters only, in brands and names, lower-cased. */
  readonly letterWords: number;
  /** Share of names with a digit. */
  readonly withDigits: number;
  readonly aliasesPerProduct: number;
  readonly brands: number;
  /** Share of products under the brand with the most. */
  readonly topBrandShare: number;
}

const LETTERS_ONLY = /^\p{L}+$/u;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/u;

export function nameStatistics(
  products: Iterable<{ name: string; brand: string; aliases?: readonly string[] }>,
): NameStatistics {
  let count = 0;
  let chars = 0;
  let words = 0;
  let digits = 0;
  let aliases = 0;
  const letterWords = new Set<string>();
  const brands = new Map<string, number>();
  for (const { name, brand, aliases: known } of products) {
    count++;
    chars += name.length;
    words += name.split(' ').filter(Boolean).length;
    if (/\d/.test(name)) digits++;
    aliases += known?.length ?? 0;
    for (const word of `${brand} ${name}`.toLowerCase().split(NOT_ALPHANUMERIC))
      if (LETTERS_ONLY.test(word)) letterWords.add(word);
    brands.set(brand, (brands.get(brand) ?? 0) + 1);
  }
  const n = Math.max(1, count);
  return {
    products: count,
    charsPerName: chars / n,
    wordsPerName: words / n,
    letterWords: letterWords.size,
    withDigits: digits / n,
    aliasesPerProduct: aliases / n,
    brands: brands.size,
    topBrandShare: Math.max(0, ...brands.values()) / n,
  };
}
