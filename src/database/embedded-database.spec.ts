import { describe, expect, it } from '@jest/globals';
import { sharedBuffersMb } from './embedded-database.js';

const GiB = 1024 ** 3;

describe('sharedBuffersMb', () => {
  it('is an eighth of the machine, between 128 MB and 1 GB', () => {
    expect(sharedBuffersMb(4 * GiB)).toBe(512);
    expect(sharedBuffersMb(0.5 * GiB)).toBe(128);
    expect(sharedBuffersMb(24 * GiB)).toBe(1024);
  });
});
