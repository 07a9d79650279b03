import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from './env.schema.js';

describe('secrets given as files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'secret-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };

  it('reads NAME_FILE into NAME, without its trailing line break', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      LINK_SIGNING_SECRET_FILE: file('link', `${'s'.repeat(40)}\n`),
      METRICS_TOKEN_FILE: file('metrics', 'metrics-token-0123456789'),
    });
    expect(env.LINK_SIGNING_SECRET).toBe('s'.repeat(40));
    expect(env.METRICS_TOKEN).toBe('metrics-token-0123456789');
  });

  it('puts passwords into the URLs that hold none, encoded whatever their characters', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgresql://app@db:5432/pi',
      DATABASE_PASSWORD_FILE: file('pg', 'p@ss:w/rd %?#\n'),
      DATABASE_REPLICA_URLS: 'postgresql://app@replica:5432/pi,postgresql://app:own@other/pi',
      REDIS_URL: 'redis://redis:6379',
      REDIS_PASSWORD_FILE: file('redis', 'r3dis'),
    });
    const url = new URL(env.DATABASE_URL!);
    expect(decodeURIComponent(url.password)).toBe('p@ss:w/rd %?#');
    expect([url.username, url.hostname, url.pathname]).toEqual(['app', 'db', '/pi']);
    expect(env.DATABASE_REPLICA_URLS.map((u) => decodeURIComponent(new URL(u).password))).toEqual([
      'p@ss:w/rd %?#',
      'own',
    ]);
    expect(env.REDIS_URL).toBe('redis://:r3dis@redis:6379');
  });

  it('names a secret given twice, a file it cannot read, and a password with nowhere to go', () => {
    expect(() =>
      parseEnv({
        METRICS_TOKEN: 'metrics-token-0123456789',
        METRICS_TOKEN_FILE: file('twice', 'metrics-token-0123456789'),
        LINK_SIGNING_SECRET_FILE: path.join(dir, 'missing'),
        REDIS_PASSWORD: 'x',
        DATABASE_URL: 'postgresql://app:own@db/pi',
        DATABASE_PASSWORD: 'y',
      }),
    ).toThrow(
      new RegExp(
        [
          `LINK_SIGNING_SECRET_FILE: cannot read ${path.join(dir, 'missing')} \\(ENOENT\\)`,
          'METRICS_TOKEN_FILE: set METRICS_TOKEN or METRICS_TOKEN_FILE, not both',
          'DATABASE_PASSWORD: DATABASE_URL holds a password already',
          'REDIS_PASSWORD: needs REDIS_URL',
        ].join('; '),
      ),
    );
  });

  it('validates a secret read from a file like one given directly', () => {
    expect(() => parseEnv({ LINK_SIGNING_SECRET_FILE: file('short', 'too short\n') })).toThrow(
      /LINK_SIGNING_SECRET: Too small/,
    );
  });
});
