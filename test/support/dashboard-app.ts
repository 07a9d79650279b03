import { afterAll, beforeAll } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { App } from 'supertest/types.js';
import { AccountsService } from '../../src/dashboard/accounts.service.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { signedInMember, type DashboardClient } from './dashboard-client.js';
import { createTestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface DashboardApp {
  app: INestApplication;
  http: App;
  accounts: AccountsService;
  prisma: PrismaService;
  /** The app's own database, for commands and second instances on it. */
  databaseUrl: string;
  /** A new account with its password set, and a client signed in as it. */
  member(email: string, admin?: boolean): Promise<DashboardClient>;
}

/**
 * The real app with the demo catalog on a database of its own, for a dashboard spec: started
 * before the file's tests and closed after them. Its fields are set once `beforeAll` has run.
 */
export function dashboardApp(env: Record<string, string> = {}): DashboardApp {
  let db: TestDatabase | undefined;
  const context = {} as DashboardApp;
  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    const app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true', ...env });
    const accounts = app.get(AccountsService);
    Object.assign(context, {
      app,
      http: app.getHttpServer() as App,
      accounts,
      prisma: app.get(PrismaService),
      databaseUrl: db.url,
      member: (email: string, admin = false) => signedInMember(app, accounts, email, admin),
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await db?.drop();
  });
  return context;
}
