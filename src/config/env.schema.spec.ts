import { describe, expect, it } from '@jest/globals';
import { parseEnv } from './env.schema.js';

describe('parseEnv', () => {
  it('gives documented defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: 'data',
      EMBEDDED_DATABASE_PORT: 54329,
      MIGRATE_ON_START: true,
      SEED_DEMO_CATALOG: false,
      PASSWORD_HASH_MEMORY_MIB: 64,
    });
  });

  it("refuses a password hash's memory under OWASP's floor for argon2id", () => {
    expect(parseEnv({ PASSWORD_HASH_MEMORY_MIB: '19' }).PASSWORD_HASH_MEMORY_MIB).toBe(19);
    expect(() => parseEnv({ PASSWORD_HASH_MEMORY_MIB: '18' })).toThrow(/PASSWORD_HASH_MEMORY_MIB/);
  });

  it('treats empty variables as unset and coerces numbers and flags', () => {
    expect(
      parseEnv({ DATABASE_URL: '', PORT: '8080', SEED_DEMO_CATALOG: 'yes', MIGRATE_ON_START: '0' }),
    ).toMatchObject({
      DATABASE_URL: undefined,
      PORT: 8080,
      SEED_DEMO_CATALOG: true,
      MIGRATE_ON_START: false,
    });
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }),
    ).toThrow(/^Invalid environment: PORT: .*; LOG_LEVEL: .*; DATABASE_URL: .*$/);
  });

  it('requires the link signing secret in production, and reads synthesis weights', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /LINK_SIGNING_SECRET: is required in production/,
    );
    expect(parseEnv({ NODE_ENV: 'production', LINK_SIGNING_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe(
      'production',
    );
    expect(
      parseEnv({ SYNTHESIS_SOURCE_WEIGHTS: 'lab_test:2, community:0.5' }).SYNTHESIS_SOURCE_WEIGHTS,
    ).toEqual({
      lab_test: 2,
      community: 0.5,
    });
    expect(() => parseEnv({ SYNTHESIS_SOURCE_WEIGHTS: 'blog:1' })).toThrow(
      /SYNTHESIS_SOURCE_WEIGHTS/,
    );
  });
});
