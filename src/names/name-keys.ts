import { compactName } from './name-normaliser.js';
import { wordsThatSaySomething } from './words-that-say-nothing.js';

// When a query is a product's name to the letter, spacing aside: with or without its brand,
// and with words that say nothing about which product around it.

/** A name as these rules read it: normalised, with its brand and its category's words. */
export interface NamedProduct {
  text: string;
  brand: { normalised: string };
  categoryWords: ReadonlySet<string>;
}

/** The name alone, then with its brand before and after it. */
const forms = (name: string, brand: string) =>
  brand === '' ? [name] : [name, `${brand} ${name}`, `${name} ${brand}`];

/** Whether `key` (a normalised query without spaces) is the name, with or without its brand. */
export function isNameKey(key: string, name: string, brand: string): boolean {
  const n = compactName(name);
  const b = compactName(brand);
  return key === n || (b !== '' && (key === b + n || key === n + b));
}

/** Numbers alone never identify a product: "Smartphone 3.4" is not Nokia 3.4. */
const LETTER = /\p{L}/u;
const NUMBERS = /\p{N}+/gu;
const numbers = (text: string) => (text.match(NUMBERS) ?? []).join(' ');

/**
 * Whether the query's words, less some that say nothing (the category's, "the new … by"), are
 * the name with or without its brand. Digits are never joined here: "Foo 3 4 phone" is not
 * Foo 34.
 */
export function namedWithWordsThatSayNothing(words: string[], product: NamedProduct): boolean {
  const said = wordsThatSaySomething(words, product.categoryWords);
  if (said.length === words.length) return false;
  const text = said.join(' ');
  if (!LETTER.test(text)) return false;
  return forms(product.text, product.brand.normalised).some(
    (form) => compactName(form) === compactName(text) && numbers(form) === numbers(text),
  );
}
