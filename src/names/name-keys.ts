import type { CandidateName } from './candidate-name.js';
import { compactName, LETTER, nameKey, remembered } from './name-normaliser.js';
import { wordsThatSaySomething } from './words-that-say-nothing.js';

// The names that are exactly a product's, once folded, with its brand or an alias ("Galaxy S21
// SM-G991B"): a key no other product has is recorded at import, one index probe to look up.

/** A name as a query may say it: alone, its brand before it, after it (`join` between them). */
export const withBrand = (name: string, brand: string, join = ''): string[] =>
  brand === '' ? [name] : [name, brand + join + name, name + join + brand];

/** Every exact key of a product: `names` normalised, its name first, then its aliases. */
export function exactNameKeys(names: readonly string[], brand: string): string[] {
  const b = nameKey(brand); // keys hold no space: a form's is its brand and name joined
  const [name, ...aliases] = names.map(compactName);
  const keys = new Set([name!, ...aliases].filter((k) => k !== '').flatMap((k) => withBrand(k, b)));
  for (const alias of aliases) if (alias !== '') keys.add(name! + alias);
  return [...keys];
}

/** Numbers alone never identify a product: "Smartphone 3.4" is not Nokia 3.4. */
const NUMBERS = /\p{N}+/gu;
const numbers = (text: string) => (text.match(NUMBERS) ?? []).join(' ');

/** Whether the query's words, less those that say nothing, are a candidate's name ("Foo 3 4"). */
export function nameWithWordsThatSayNothing(
  words: readonly string[],
): (product: CandidateName) => boolean {
  // The query read once for each category its candidates have: without spaces, its numbers.
  const read = remembered((categoryWords: ReadonlySet<string>) => {
    const said = wordsThatSaySomething(words, categoryWords);
    const text = said.join(' ');
    if (said.length === words.length || !LETTER.test(text)) return undefined;
    return { compact: compactName(text), numbers: numbers(text) };
  });
  return (product) => {
    const reading = read(product.categoryWords);
    if (!reading?.compact.includes(compactName(product.text))) return false;
    return withBrand(product.text, product.brand.normalised, ' ').some(
      (form) => compactName(form) === reading.compact && numbers(form) === reading.numbers,
    );
  };
}
