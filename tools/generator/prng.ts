// A small seeded PRNG (mulberry32) and a 32-bit hash to derive independent streams.
// Every family and product gets its own stream from hash(seed, indices...), so any part of the
// catalog can be regenerated on its own (random access) without replaying the ones before it.

const TWO_32 = 4294967296;

/** murmur3's 32-bit finaliser: a bijective avalanche mix. */
function fmix(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Folds any safe integer (negative or above 2^32 too) into 32 bits without losing either half. */
function fold(n: number): number {
  const hi = Math.floor(n / TWO_32);
  const lo = n - hi * TWO_32;
  return fmix((lo >>> 0) ^ fmix((hi | 0) + 0x632be5ab));
}

/** The 32-bit key of a user seed (any safe integer). */
export function seedKey(seed: number): number {
  return fold(seed);
}

/** A 32-bit hash of a key and up to four more non-negative integers. */
export function hash(key: number, a: number, b = 0, c = 0, d = 0): number {
  let h = fmix(key ^ 0x9e3779b9);
  h = fmix(h ^ fold(a));
  h = fmix((h + 0x7f4a7c15) ^ fold(b));
  h = fmix((h + 0x165667b1) ^ fold(c));
  return fmix((h + 0x27d4eb2f) ^ fold(d));
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_32;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi] inclusive. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] as number;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** Roughly normal noise (sum of three uniforms), mean 0, in [-spread, spread]. */
  noise(spread: number): number {
    return ((this.next() + this.next() + this.next()) / 1.5 - 1) * spread;
  }

  /** A new array with the items in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** k distinct indices of [0, n), in draw order (k <= n). */
  sample(n: number, k: number): number[] {
    const chosen: number[] = [];
    while (chosen.length < k) {
      const i = this.int(n);
      if (!chosen.includes(i)) chosen.push(i);
    }
    return chosen;
  }
}
