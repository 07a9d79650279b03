import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

// The API key format: pi_<key id>_<secret><checksum>, all base62.
// - "pi_" lets secret scanners recognise a leaked key;
// - the key id (12 characters) is public: lists show it and the database is keyed by it;
// - the secret (22 characters, 130 bits) is only ever stored as its SHA-256;
// - the checksum (CRC32 of everything before it) rejects a mistyped or invented key
//   without a database round trip.

export const KEY_PREFIX = 'pi_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 12;
const SECRET_LENGTH = 22;
const CHECKSUM_LENGTH = 6;
const FORMAT = new RegExp(
  `^${KEY_PREFIX}([0-9A-Za-z]{${ID_LENGTH}})_([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);

export interface ParsedKey {
  id: string;
  secret: string;
}

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateKey(): { key: string; id: string; secret: string } {
  const id = randomBase62(ID_LENGTH);
  const secret = randomBase62(SECRET_LENGTH);
  const body = `${KEY_PREFIX}${id}_${secret}`;
  return { key: body + checksum(body), id, secret };
}

/** The id and secret of a well-formed key whose checksum holds; undefined otherwise. */
export function parseKey(key: string): ParsedKey | undefined {
  const match = FORMAT.exec(key);
  if (!match) return undefined;
  const [, id, secret, sum] = match as unknown as [string, string, string, string];
  return checksum(`${KEY_PREFIX}${id}_${secret}`) === sum ? { id, secret } : undefined;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const hash = hashSecret(secret);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}

/** What lists show to recognise a key: its prefix and id, never its secret. */
export function displayPrefix(id: string): string {
  return `${KEY_PREFIX}${id}_…`;
}
