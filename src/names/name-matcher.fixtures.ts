import { brandForm, type CandidateName } from './candidate-name.js';
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
