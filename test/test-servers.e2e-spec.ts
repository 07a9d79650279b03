import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { demoCatalogFile } from '../bench/resolution/labels.js';
import { createTestDatabase, redisUrl } from './support/test-database.js';

/** The demo catalog's products: one a line. */
const demoProducts = readFileSync(demoCatalogFile(), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '').length;

// The suite runs against real servers it starts itself: check that they are.

describe('disposable test servers', () => {
  it('give each test file a PostgreSQL database of its own, migrated, with pg_trgm', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    try {
      await client.query(
        "INSERT INTO api_keys (id, display_prefix, secret_hash, name) VALUES ('k', 'p', '\\x00', 'n')",
      );
      const { rows } = await client.query<{ s: number }>(
        "SELECT similarity('wh1000xm5', 'wh1000xm4') AS s",
      );
      expect(rows[0]!.s).toBeGreaterThan(0.5);
    } finally {
      await client.end();
      await a.drop();
    }
    const other = new pg.Client({ connectionString: b.url });
    await other.connect();
    try {
      expect((await other.query('SELECT 1 FROM api_keys')).rowCount).toBe(0);
    } finally {
      await other.end();
      await b.drop();
    }
  });

  it('keep a copy of the template with the demo catalog published, to clone', async () => {
    const db = await createTestDatabase({ demo: true });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const products = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      const published = await client.query('SELECT 1 FROM catalog_publications');
      expect([products.rows[0]!.n, published.rowCount]).toEqual([demoProducts, 1]);
    } finally {
      await client.end();
      await db.drop();
    }
  });

  it('run a real redis-server', async () => {
    const redis = new Redis(redisUrl(), { lazyConnect: true });
    await redis.connect();
    try {
      await redis.set('pi:test', '42', 'EX', 10);
      expect(await redis.get('pi:test')).toBe('42');
      expect((await redis.info('server')).includes('redis_version')).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});
