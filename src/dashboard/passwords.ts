import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import argon2 from 'argon2';
import pLimit from 'p-limit';

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended
// algorithm, stored as a PHC string carrying its own parameters.
//
// Hashes run on libuv's thread pool (4 threads by default), which PostgreSQL's connection
// set-up also needs (SCRAM's key derivation): a burst of sign-ins must never fill it, or new
// connections time out. At most HASHING_CONCURRENCY hashes run at once; the rest queue.
const HASHING_CONCURRENCY = Math.max(
  1,
  Math.floor(Number(process.env.UV_THREADPOOL_SIZE ?? 4) / 2),
);
const hashing = pLimit(HASHING_CONCURRENCY);

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

export async function hashPassword(password: string): Promise<string> {
  return await hashing(() => argon2.hash(password, { type: argon2.argon2id }));
}

/** A hash to verify against when there is no account, so timing does not reveal which. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoy ??= hashPassword('decoy password that never matches');
    const decoyHash = await decoy;
    await hashing(() => argon2.verify(decoyHash, password));
    return false;
  }
  return await hashing(() => argon2.verify(hash, password)).catch(() => false);
}

/**
 * The least zxcvbn score (0 to 4) of a new password. NIST SP 800-63B asks that passwords be
 * checked against lists of common and breached ones: zxcvbn-ts matches its common-password
 * and English dictionaries (leet spellings too), repeats, sequences and keyboard walks, and
 * scores 3 from about 10^8 guesses.
 */
const MIN_STRENGTH = 3;

/** Built on first use: the dictionaries take a few megabytes. */
let strength: ZxcvbnFactory | undefined;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(
  password: string,
  confirmation: string,
  email = '',
): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords differ.';
  strength ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  const { score, feedback } = strength.check(password, [email, ...email.split(/[@.]/)]);
  if (score < MIN_STRENGTH) {
    const why = feedback.warning ? `${feedback.warning} ` : '';
    return `That password is too easy to guess. ${why}Try a few unrelated words together.`;
  }
  return undefined;
}
