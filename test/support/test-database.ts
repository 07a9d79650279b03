import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e tests through jest's global setup`);
  return value;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: env('PI_TEST_ADMIN_URL') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of this test file's own, cloned from the migrated template; with `demo`,
 * from the one that also holds the demo catalog, published (so that SEED_DEMO_CATALOG finds a
 * catalog and seeds nothing); `migrated: false`, an empty one.
 */
export async function createTestDatabase(
  options: { migrated?: boolean; demo?: boolean } = {},
): Promise<TestDatabase> {
  const name = `pi_test_${randomBytes(6).toString('hex')}`;
  const template =
    options.migrated === false
      ? 'template0'
      : env(options.demo ? 'PI_TEST_DEMO_TEMPLATE' : 'PI_TEST_TEMPLATE');
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(env('PI_TEST_ADMIN_URL'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function redisUrl(): string {
  return env('PI_TEST_REDIS_URL');
}
