import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { generateKey } from '../src/auth/api-key-format.js';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { KeyUsageService } from '../src/dashboard/key-usage.service.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { UsageCounters } from '../src/usage/usage-counters.js';
import { UsageRepository } from '../src/usage/usage.repository.js';
import { runBuiltCommand } from './support/run-command.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const KEYS = 'keys';

// One app and database for the file: the keys, then what their usage shows.
let db: TestDatabase;
let app: INestApplication;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp({ DATABASE_URL: db.url });
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe(ApiKeysService.name, () => {
  let keys: ApiKeysService;
  const run = (...args: string[]) => runBuiltCommand(KEYS, args, { DATABASE_URL: db.url });

  beforeAll(() => {
    keys = app.get(ApiKeysService);
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

describe(KeyUsageService.name, () => {
  it("shows a key's lookups once when they are stored while its usage is read", async () => {
    const { record } = await app.get(ApiKeysService).create('flushed meanwhile');
    const counters = app.get(UsageCounters);
    const repository = app.get(UsageRepository);
    counters.record(record.id, 'http', 3, 0);
    // The counts reach PostgreSQL after the page took the unflushed ones, before the stored.
    const firstMinute = repository.firstMinute.bind(repository);
    let flushed = false;
    jest.spyOn(repository, 'firstMinute').mockImplementation(async (...args) => {
      if (!flushed) await counters.flush();
      flushed = true;
      return await firstMinute(...args);
    });
    try {
      const { series } = await app.get(KeyUsageService).usage(record.id, '1h');
      expect(flushed).toBe(true);
      expect(series.http.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('stores the usage counts still in memory when an instance shuts down', async () => {
    const { record } = await app.get(ApiKeysService).create('shutdown');
    const other = await createTestApp({ DATABASE_URL: db.url });
    other.get(UsageCounters).record(record.id, 'http', 7, 0);
    await other.close();
    const stored = await app
      .get(PrismaService)
      .keyUsageMinute.findMany({ where: { apiKeyId: record.id } });
    expect(stored.map((r) => r.lookups)).toEqual([7]);
  });
});
