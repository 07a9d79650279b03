import { describe, expect, it } from '@jest/globals';
import {
  displayPrefix,
  generateKey,
  hashSecret,
  parseKey,
  secretMatches,
} from './api-key-format.js';

describe('API key format', () => {
  it('generates recognisable keys that parse back to their id and secret', () => {
    const { key, id, secret } = generateKey();
    expect(key).toMatch(/^pi_[0-9A-Za-z]{12}_[0-9A-Za-z]{28}$/);
    expect(parseKey(key)).toEqual({ id, secret });
    expect(displayPrefix(id)).toBe(`pi_${id}_…`);
  });

  it('carries at least 128 bits of secret, and never repeats', () => {
    expect(22 * Math.log2(62)).toBeGreaterThan(128);
    const keys = new Set(Array.from({ length: 2000 }, () => generateKey().key));
    expect(keys.size).toBe(2000);
  });

  it('rejects any single mistyped character, and malformed keys, by its checksum alone', () => {
    const { key } = generateKey();
    for (let i = 3; i < key.length; i++) {
      if (key[i] === '_') continue;
      const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
      expect(parseKey(typo)).toBeUndefined();
    }
    for (const bad of [
      '',
      'pi_',
      key.slice(0, -1),
      key + 'x',
      key.replace('pi_', 'pk_'),
      ` ${key}`,
    ]) {
      expect(parseKey(bad)).toBeUndefined();
    }
  });

  it('stores a SHA-256 of the secret and compares it in constant time', () => {
    const { secret } = generateKey();
    const stored = hashSecret(secret);
    expect(stored).toHaveLength(32);
    expect(secretMatches(secret, stored)).toBe(true);
    expect(secretMatches(secret.replace(/.$/, '0'), stored)).toBe(secret.endsWith('0'));
    expect(secretMatches(secret, new Uint8Array(16))).toBe(false);
  });
});
