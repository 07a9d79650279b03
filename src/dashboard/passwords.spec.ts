import { describe, expect, it } from '@jest/globals';
import { hashPassword, inHashQueue, passwordProblem } from './passwords.js';

const problem = async (password: string, email = 'alice.smith@example.com') =>
  await passwordProblem(password, password, email);

describe(passwordProblem.name, () => {
  it('accepts a long password that is hard to guess', async () => {
    expect(await problem('correct horse battery staple')).toBeUndefined();
    expect(await problem('zq8!Lm2#vR9p')).toBeUndefined();
  });

  it('refuses common passwords, repeats, keyboard walks and the email, with a reason', async () => {
    expect(await problem('aaaaaaaaaaaa')).toMatch(/^That password is too easy to guess\. Repeated/);
    expect(await problem('password1234')).toMatch(/too easy to guess.*commonly used/);
    expect(await problem('qwertyuiop12')).toMatch(/too easy to guess/);
    expect(await problem('alice.smith@example.com')).toMatch(/too easy to guess/);
  });

  it('refuses a short, an overlong or an unconfirmed password before judging it', async () => {
    expect(await problem('short')).toBe('Use at least 12 characters.');
    expect(await problem('x'.repeat(201))).toBe('Use at most 200 characters.');
    expect(await passwordProblem('correct horse battery staple', 'other')).toBe(
      'The two passwords differ.',
    );
  });
});

describe(hashPassword.name, () => {
  const ticket = { trusted: false, parties: [] };
  const check = (hash: string | null, password: string, memoryMib = 19) =>
    inHashQueue(ticket, memoryMib, (verify) => verify(hash, password));

  it('hashes with argon2id at the memory asked, 3 passes and 4 lanes', async () => {
    const hash = await hashPassword('correct horse battery staple', 19);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=4,t=3\$/);
    expect(await check(hash, 'correct horse battery staple')).toBe(true);
    expect(await check(hash, 'correct horse battery stable')).toBe(false);
  });

  it('checks a hash made at another memory with its own parameters, and no account never', async () => {
    const hash = await hashPassword('correct horse battery staple', 20);
    expect(hash).toContain('$m=20480,');
    expect(await check(hash, 'correct horse battery staple', 19)).toBe(true);
    expect(await check(null, 'correct horse battery staple')).toBe(false);
  });
});
