import { describe, expect, it } from '@jest/globals';
import { passwordProblem } from './passwords.js';

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
