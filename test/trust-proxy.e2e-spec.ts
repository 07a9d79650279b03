import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { TrustProxy } from '../src/common/trust-proxy.js';
import { AccountsService } from '../src/dashboard/accounts.service.js';
import { ADDRESS_FAILURE_LIMIT } from '../src/dashboard/sessions.service.js';
import { DashboardClient } from './support/dashboard-client.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const PASSWORD = 'correct horse battery staple';

describe(TrustProxy.name, () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url, TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    delete process.env.TRUST_PROXY; // createTestApp's environment outlives this file's app
    await app?.close();
    await db?.drop();
  });

  it('throttles sign-ins per client behind the proxy, not per proxy', async () => {
    const { link } = await app.get(AccountsService).create('behind@example.com', false);
    const setter = new DashboardClient(app);
    const path = new URL(link).pathname;
    await setter.post(path, { password: PASSWORD, confirmation: PASSWORD }, path);

    const attacker = new DashboardClient(app);
    attacker.headers['X-Forwarded-For'] = '203.0.113.7';
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      await attacker.post(
        '/dashboard/sign-in',
        { email: `nobody${i}@example.com`, password: 'guess' },
        '/dashboard/sign-in',
      );
    const blocked = await attacker.post(
      '/dashboard/sign-in',
      { email: 'behind@example.com', password: PASSWORD },
      '/dashboard/sign-in',
    );
    expect(blocked.status).toBe(429);

    // Another client through the same proxy is not held to the attacker's failures.
    const client = new DashboardClient(app);
    client.headers['X-Forwarded-For'] = '198.51.100.20';
    const res = await client.post(
      '/dashboard/sign-in',
      { email: 'behind@example.com', password: PASSWORD },
      '/dashboard/sign-in',
    );
    expect(res.status).toBe(303);
  });
});
