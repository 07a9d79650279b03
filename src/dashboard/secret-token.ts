import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Session cookies, password links and CSRF tokens are random 256-bit tokens; the database
// keeps only their SHA-256, so a copy of it signs nobody in.

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Constant-time comparison of two strings (false when their lengths differ). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
