import { brandForm, type CandidateName } from './candidate-name.js';
import { nameMatcher, type NameMatch } from './name-matcher.js';
import { normaliseName } from './name-normaliser.js';
import { singular } from './words-that-say-nothing.js';

/** A candidate name as the resolver builds it, for the matcher's specs. */
export const candidate = (
  name: string,
  brand = name.split(' ')[0]!,
  category = 'headphones',
): CandidateName => ({
  text: normaliseName(name),
  brand: brandForm(brand),
  categoryWords: new Set(category.split(/[ /]/).map(singular)),
});

/** How well a query names one candidate. */
export const matchName = (query: string, name: CandidateName): NameMatch =>
  nameMatcher(query)(name);
