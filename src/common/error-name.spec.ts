import { describe, expect, it } from '@jest/globals';
import { errorName } from './error-name.js';

describe('errorName', () => {
  it('names an error by its class, never its message', () => {
    const error = new TypeError('password authentication failed for user "secret"');
    expect(errorName(error)).toBe('TypeError');
    expect(errorName('a string')).toBe('string');
    expect(errorName(undefined)).toBe('undefined');
  });
});
