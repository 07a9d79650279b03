import argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended
// algorithm, stored as a PHC string carrying its own parameters.

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

export async function hashPassword(password: string): Promise<string> {
  return await argon2.hash(password, { type: argon2.argon2id });
}

/** A hash to verify against when there is no account, so timing does not reveal which. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoy ??= hashPassword('decoy password that never matches');
    await argon2.verify(await decoy, password);
    return false;
  }
  return await argon2.verify(hash, password).catch(() => false);
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, confirmation: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords differ.';
  return undefined;
}
