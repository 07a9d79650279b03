import { hashOf, wordStarts } from './text-order.js';

/**
 * The keys an exact name is probed by (name_keys and the aliases'), as their hashes in order:
 * what says, without a statement, that a name's probe would find nothing.
 */
export class ExactKeys {
  private readonly hashes: Int32Array;

  /** The keys joined by spaces (a key holds none), and how many. */
  constructor(keys: { text: string; count: number }) {
    const starts = wordStarts(keys.text, keys.count);
    this.hashes = new Int32Array(keys.count);
    for (let i = 0; i < keys.count; i++)
      this.hashes[i] = hashOf(keys.text, starts[i], starts[i + 1]! - 1);
    this.hashes.sort();
  }

  /**
   * Whether a name of this key may be exactly a product's or an alias's: false says no key is
   * (its probe would find nothing), true that one may be (two keys may share a hash).
   */
  mayBeExact(key: string): boolean {
    const hash = hashOf(key);
    let low = 0;
    let high = this.hashes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.hashes[middle]!;
      if (value === hash) return true;
      if (value < hash) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
