import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QuotaService } from '../src/quota/quota.service.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { createTestDatabase, redisUrl, type TestDatabase } from './support/test-database.js';

describe(`${QuotaService.name} across instances`, () => {
  let db: TestDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl(),
      PORT: '0',
      LOG_LEVEL: 'log', // the address the servers listen on is logged at this level
      MIGRATE_ON_START: 'false',
      LINK_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.drop();
  });

  it('shares one budget: 200 lookups on one key over two instances give 120 in total', async () => {
    const created = await runBuiltCommand('keys', ['create', '--name', 'shared'], {
      DATABASE_URL: db.url,
    });
    expect(created.code).toBe(0);
    const key = created.stdout.split('\n')[0]!;
    // Eight at a time, alternating instances: all 200 at once would wait on each instance's
    // database pool, and on a loaded machine a lookup that waits past the pool's timeout is
    // answered 503 after its charge, which is what overload is for, not what this test is.
    const answers: Response[] = [];
    let next = 0;
    const send = async () => {
      for (let i = next++; i < 200; i = next++)
        answers[i] = await fetch(
          `${servers[i % 2]!.url}/v1/product-intelligence?product_name=item%20${i}`,
          { headers: { Authorization: `Bearer ${key}` } },
        );
    };
    await Promise.all(Array.from({ length: 8 }, send));
    expect(answers.map((res) => res.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const ok = answers.filter((res) => res.status === 200);
    expect(ok).toHaveLength(120);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(80);
    // Both instances served some of the 120: the budget is shared, not split or doubled.
    const served = new Set(ok.map((res) => new URL(res.url).port));
    expect(served.size).toBe(2);
  });
});
