import { hash, Rng, seedKey } from '../../tools/generator/prng.js';

// A catalog whose reviews carry overall scores only, no criteria: a critic's verdict or a
// store's star rating, the commonest review there is (issue 31's 490 games with their critics'
// scores). Each product has a true quality; each source scores it with its own error. Half the
// products have few sources (1 to 9), half many (10 to 40), as with a niche title against a
// blockbuster. Deterministic for a seed.

const CATEGORIES = ['video games', 'board games', 'films'];
const SOURCE_TYPES = ['expert_review', 'expert_review', 'expert_review', 'user_reviews'] as const;

export function* criticsCatalogLines(products: number, seed = 1): Generator<string> {
  const key = hash(seedKey(seed), 0xc417);
  for (let i = 0; i < products; i++) {
    const rng = new Rng(hash(key, i));
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const quality = 45 + rng.next() * 50;
    const sources = i % 2 === 0 ? rng.between(1, 9) : rng.between(10, 40);
    const reviews = Array.from({ length: sources }, (_, s) => ({
      source: `Critic ${s + 1}`,
      source_type: rng.pick(SOURCE_TYPES),
      // A critic errs by up to about 12 points either way; scores are whole numbers.
      score: Math.max(0, Math.min(100, Math.round(quality + rng.noise(12)))),
      summary: `Critic ${s + 1}'s verdict.`,
    }));
    yield JSON.stringify({
      id: `title-${i + 1}`,
      name: `Title ${i + 1}`,
      brand: 'Example Studio',
      category,
      reviews,
    });
  }
}
