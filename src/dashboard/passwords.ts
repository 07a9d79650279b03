import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import argon2 from 'argon2';
import { createHmac } from 'node:crypto';
import { HashQueue, SHED, type HashTicket } from './hash-queue.js';
import { sameText } from './secret-token.js';

// argon2id (OWASP's recommended algorithm) with 3 passes and 4 lanes, and the memory
// PASSWORD_HASH_MEMORY_MIB sets (64 MiB, the library's default; 19 MiB at least, OWASP's floor),
// stored as a PHC string carrying its own parameters: a hash made under another setting is
// still checked with the parameters it was made with.
//
// Hashes run on libuv's thread pool (4 threads by default), which PostgreSQL's connection
// set-up also needs (SCRAM's key derivation): a burst of sign-ins must never fill it, or new
// connections time out. At most HASHING_CONCURRENCY hashes run at once, and at most
// HASHES_WAITING wait in each lane of the queue (hash-queue.ts); the rest are shed.
const HASHING_CONCURRENCY = Math.max(
  1,
  Math.floor(Number(process.env.UV_THREADPOOL_SIZE ?? 4) / 2),
);
export const HASHES_WAITING = 2 * HASHING_CONCURRENCY;
const hashes = new HashQueue(HASHING_CONCURRENCY, HASHES_WAITING);

export { SHED, type HashTicket };

/** argon2id's options at this much memory (MiB). */
const argon2id = (memoryMib: number): argon2.HashOptions => ({
  type: argon2.argon2id,
  memoryCost: memoryMib * 1024,
  timeCost: 3,
  parallelism: 4,
});

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** Thrown when a new password's hash would wait longer than the queue allows. */
export class HashingBusyError extends Error {
  constructor() {
    super('Too many passwords are being hashed right now');
  }
}

/** A new password's hash; its holder has a one-time link, so it goes first. */
export async function hashPassword(password: string, memoryMib: number): Promise<string> {
  const hash = await hashes.run({ trusted: true, parties: [] }, () =>
    argon2.hash(password, argon2id(memoryMib)),
  );
  if (hash === SHED) throw new HashingBusyError();
  return hash;
}

/** Whether a password matches a stored hash (never an error: an unreadable hash is no match). */
export type Verify = (hash: string | null, password: string) => Promise<boolean>;

/** Hashes to verify against when there is no account, so timing does not reveal which. */
const decoys = new Map<number, Promise<string>>();

const verifyAt =
  (memoryMib: number): Verify =>
  async (hash, password) => {
    if (hash === null) {
      let decoy = decoys.get(memoryMib);
      if (!decoy) {
        decoy = argon2.hash('decoy password that never matches', argon2id(memoryMib));
        decoys.set(memoryMib, decoy);
      }
      await argon2.verify(await decoy, password);
      return false;
    }
    return await argon2.verify(hash, password).catch(() => false);
  };

/**
 * Runs a sign-in's check in the hash queue: `check` gets the queue's place before it does
 * anything (its throttle reservation, then the password's check through `verify`), so a
 * burst the queue sheds writes nothing and checks nothing. SHED when it would have waited
 * too long.
 */
export async function inHashQueue<T>(
  ticket: HashTicket,
  /** The memory new hashes take (an unknown account's decoy is one). */
  memoryMib: number,
  check: (verify: Verify) => Promise<T>,
): Promise<T | typeof SHED> {
  return await hashes.run(ticket, () => check(verifyAt(memoryMib)));
}

/**
 * What a browser that signed in to an account holds (a cookie) to be trusted by the hash
 * queue on its next sign-in: an HMAC keyed by the account's password hash, so no secret is
 * configured or stored, and a new password retires every one. It is no credential: it only
 * orders the queue, and the password is checked as ever.
 */
export function deviceProof(account: { id: number; passwordHash: string }): string {
  return createHmac('sha256', account.passwordHash)
    .update(`device:${account.id}`)
    .digest('base64url');
}

export function provesDevice(
  proof: string | undefined,
  account: { id: number; passwordHash: string | null } | undefined,
): boolean {
  if (!proof || !account?.passwordHash) return false;
  return sameText(proof, deviceProof({ id: account.id, passwordHash: account.passwordHash }));
}

/**
 * The least zxcvbn score (0 to 4) of a new password. NIST SP 800-63B asks that passwords be
 * checked against lists of common and breached ones: zxcvbn-ts matches its common-password
 * and English dictionaries (leet spellings too), repeats, sequences and keyboard walks, and
 * scores 3 from about 10^8 guesses.
 */
const MIN_STRENGTH = 3;

/**
 * Built on first use, and imported then: the dictionaries take a few megabytes and a tenth of a
 * second to unpack, which every start of the service and every admin command would pay.
 */
let strength: Promise<ZxcvbnFactory> | undefined;

async function loadStrength(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
}

/** Why a new password is refused, or undefined when it is acceptable. */
export async function passwordProblem(
  password: string,
  confirmation: string,
  email = '',
): Promise<string | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords differ.';
  strength ??= loadStrength();
  const { score, feedback } = (await strength).check(password, [email, ...email.split(/[@.]/)]);
  if (score < MIN_STRENGTH) {
    const why = feedback.warning ? `${feedback.warning} ` : '';
    return `That password is too easy to guess. ${why}Try a few unrelated words together.`;
  }
  return undefined;
}
