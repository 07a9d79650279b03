import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { generateKey } from '../src/auth/api-key-format.js';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { runBuiltCommand } from './support/run-command.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const KEYS = 'keys';

describe(ApiKeysService.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let keys: ApiKeysService;
  const run = (...args: string[]) => runBuiltCommand(KEYS, args, { DATABASE_URL: db.url });

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    keys = app.get(ApiKeysService);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('prints a new key once; list shows it without the key; revoke stops it', async () => {
    const created = await run('create', '--name', 'Checkout service', '--expires-in', '30d');
    expect(created.code).toBe(0);
    const key = created.stdout.split('\n')[0]!;
    expect(key).toMatch(/^pi_\w{12}_\w{28}$/);
    expect(created.stdout).toContain('only time the key is shown');
    const id = key.slice(3, 15);
    expect(await keys.check(key)).toEqual({ valid: true, keyId: id });

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^ID\s+NAME\s+PREFIX\s+CREATED\s+EXPIRES\s+REVOKED\s+LAST USED$/m,
    );
    expect(listed.stdout).toContain(`${id}  Checkout service  pi_${id}_…`);
    expect(listed.stdout).not.toContain(key.slice(16));

    const revoked = await run('revoke', id);
    expect(revoked).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Key ${id} ("Checkout service") revoked`),
    });
    expect(await keys.check(key)).toEqual({ valid: false, reason: 'revoked' });
  });

  it('tells malformed, unknown, expired and revoked keys apart', async () => {
    const { key } = await keys.create('short-lived', new Date(Date.now() + 60_000));
    expect(await keys.check(key)).toMatchObject({ valid: true });
    expect(await keys.check(key, new Date(Date.now() + 120_000))).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect(await keys.check(key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a'))).toEqual({
      valid: false,
      reason: 'malformed',
    });
    expect(await keys.check(generateKey().key)).toEqual({ valid: false, reason: 'unknown' });
    const other = generateKey();
    const stolenId = key.slice(0, 16) + other.key.slice(16); // a real id with another secret
    expect((await keys.check(stolenId)).valid).toBe(false);
  });

  it('creates a key that expires in seconds', async () => {
    const created = await run('create', '--name', 'short-lived', '--expires-in', '30s', '--json');
    expect(created.code).toBe(0);
    const body = JSON.parse(created.stdout) as { key: string; expires_at: string };
    const ttl = Date.parse(body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(20_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(body.key).toMatch(/^pi_/);
  });

  it('prints its usage when no subcommand is given', async () => {
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Usage: product-intelligence keys \[options\] \[command\]/);
  });

  it.each([
    [['create'], /^error: required option '--name <name>' not specified \(add --help/],
    [['create', '--name', ' '], /^keys create: --name must be 1 to 100 characters/],
    [['create', '--name', 'x', '--expires-in', 'soon'], /--expires-in must be a duration/],
    [['revoke', 'nope'], /^keys revoke: no key with id nope$/],
    [['rotate'], /^error: unknown command 'rotate'/],
  ])('refuses %j with a one-line reason', async (args, reason) => {
    const result = await run(...args);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(reason);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
