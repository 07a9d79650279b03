import type { Rng } from './prng.js';

// Made-up words, and a vocabulary that grows as real ones do. The number of distinct words in
// a text of n words grows as about n^β (Heaps' law, β near 0.5 to 0.7 for names); a
// Pitman-Yor (two-parameter Chinese restaurant) process draws words that follow it: a new
// word with probability (θ + αV) / (n + θ) after n draws of V distinct words, else a word
// already drawn, in proportion to how often it was (a uniform pick among past draws).

const ONSETS = 'b br c ch cl d dr f fl g gr h j k kl l m n p pr qu r s sh sk st t tr v w z'.split(
  ' ',
);
const VOWELS = 'a e i o u a e o ia io ea ou'.split(' ');
const CODAS = ' n r s l x m t nd rk st'.split(' ');

/** A pronounceable made-up word of 1 to 3 syllables, capitalised: "Velora", "Trix". */
export function madeUpWord(rng: Rng): string {
  let word = '';
  for (let s = 1 + rng.weighted([30, 55, 15]); s > 0; s--)
    word += rng.pick(ONSETS) + rng.pick(VOWELS) + (s === 1 ? rng.pick(CODAS) : '');
  return word[0]!.toUpperCase() + word.slice(1);
}

export class HeapsVocabulary {
  private readonly draws: string[] = [];
  private readonly distinct = new Set<string>();

  /** α: Heaps' exponent; θ: how many new words come first, before reuse sets in. */
  constructor(
    private readonly rng: Rng,
    private readonly alpha = 0.74,
    private readonly theta = 60,
  ) {}

  get size(): number {
    return this.distinct.size;
  }

  draw(): string {
    const n = this.draws.length;
    const pNew = (this.theta + this.alpha * this.distinct.size) / (n + this.theta);
    let word: string;
    if (n === 0 || this.rng.chance(pNew)) {
      do word = madeUpWord(this.rng);
      while (this.distinct.has(word));
      this.distinct.add(word);
    } else {
      word = this.draws[this.rng.int(n)]!;
    }
    this.draws.push(word);
    return word;
  }
}
