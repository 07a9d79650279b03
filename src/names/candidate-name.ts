import { compactName, normaliseName } from './name-normaliser.js';
import { tokenizeNormalised, type Token } from './name-tokens.js';

// A product's name or alias as matching reads it, with its brand and category (name-matcher.ts).

export interface CandidateName {
  /** The name or alias as stored (normalised). */
  text: string;
  /** The product's brand, which a query may omit, glue to the name or add freely. */
  brand: BrandForm;
  /** Words of the product's category, which a query may add freely. */
  categoryWords: ReadonlySet<string>;
}

/** A brand as matching reads it: normalised once per brand, not once per candidate. */
export interface BrandForm {
  normalised: string;
  /** Without spaces, as exact matching compares names. */
  compact: string;
  words: ReadonlySet<string>;
  tokens: Token[];
}

export function brandForm(brand: string): BrandForm {
  const normalised = normaliseName(brand);
  return {
    normalised,
    compact: compactName(normalised),
    words: new Set(normalised.split(' ').filter(Boolean)),
    tokens: tokenizeNormalised(normalised),
  };
}
