import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { CACHE_MS } from '../src/auth/verified-keys.js';
import { AppConfig } from '../src/config/app-config.js';
import { AccountsService } from '../src/dashboard/accounts.service.js';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../src/dashboard/sessions.service.js';
import { SessionGuard } from '../src/dashboard/session.guard.js';
import { UsageCounters } from '../src/usage/usage-counters.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { createKey, DashboardClient, PASSWORD } from './support/dashboard-client.js';
import { runBuiltCommand } from './support/run-command.js';
import { dashboardApp } from './support/dashboard-app.js';

const LOOKUP = '/v1/product-intelligence?product_name=PS5';

describe(SessionGuard.name, () => {
  // A budget of 5 lookups per key, so one test can reach a 429 quickly.
  const context = dashboardApp({ QUOTA_LIMIT: '5' });
  let app: INestApplication;
  let http: App;
  let accounts: AccountsService;
  let prisma: PrismaService;
  const member = (email: string, admin = false) => context.member(email, admin);

  beforeAll(() => {
    ({ app, http, accounts, prisma } = context);
  });

  beforeEach(async () => {
    await prisma.signInFailure.deleteMany();
  });

  it('creates accounts from the command line with a one-time link; lists and disables them', async () => {
    const run = (...args: string[]) =>
      runBuiltCommand('users', args, {
        DATABASE_URL: context.databaseUrl,
      });
    const created = await run('create', '--email', 'Cli.Person@Example.com', '--admin');
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/\(cli\.person@example\.com, admin\) created/);
    const link = /http:\/\/\S+\/dashboard\/set-password\/[\w-]{43}/.exec(created.stdout)?.[0];
    expect(link).toBeDefined();
    expect(created.stdout).toContain('valid for 24 hours');

    const client = new DashboardClient(app);
    const path = new URL(link!).pathname;
    expect((await client.get(path)).text).toContain('cli.person@example.com');
    await client.activate(path, 'cli.person@example.com', PASSWORD);
    expect((await client.get('/dashboard/keys')).status).toBe(200);
    // The password's hash took the memory PASSWORD_HASH_MEMORY_MIB sets (the suite's 19 MiB).
    const { passwordHash } = await prisma.account.findUniqueOrThrow({
      where: { email: 'cli.person@example.com' },
    });
    const kib = app.get(AppConfig).passwordHashMemoryMib * 1024;
    expect(passwordHash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${kib},p=4,t=3\\$`));
    // The link worked once.
    expect((await client.get(path)).status).toBe(404);

    const listed = await run('list');
    expect(listed.stdout).toMatch(/^ID\s+EMAIL\s+ROLE\s+PASSWORD\s+KEYS\s+CREATED\s+DISABLED$/m);
    expect(listed.stdout).toMatch(/cli\.person@example\.com\s+admin\s+yes\s+0/);
    const id = /^(\d+)\s+cli\.person/m.exec(listed.stdout)![1]!;
    expect((await run('create', '--email', 'cli.person@example.com')).stderr).toMatch(
      /^users create: an account with the email cli\.person@example\.com already exists$/m,
    );
    expect((await run('create', '--email', 'not-an-email')).code).toBe(1);

    const disabled = await run('disable', id);
    expect(disabled).toMatchObject({ code: 0, stdout: expect.stringContaining('disabled') });
    // Its session ended with it.
    expect((await client.get('/dashboard/keys')).headers.location).toBe('/dashboard/sign-in');
    expect((await run('disable', '999999')).stderr.trim()).toBe(
      'users disable: no account with id 999999',
    );
    expect((await run('rename')).stderr).toMatch(/^error: unknown command 'rename'/);
  });

  it('runs the whole key life: create (shown once), call the API, see usage, revoke', async () => {
    const client = await member('life@example.com');
    const keysPage = await client.get('/dashboard/keys');
    expect(keysPage.text).toContain('No keys yet');

    const { key, id, page } = await createKey(client, 'Checkout service');
    expect(page).toContain('will not be shown again');
    const first = await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`);
    expect(first.status).toBe(200);
    // Someone follows a purchase link of that answer: the click is attributed to the key.
    const buyUrl = (first.body as { offers: { buy_url: string }[] }).offers[0]!.buy_url;
    expect((await request(http).get(new URL(buyUrl).pathname)).status).toBe(302);

    // No page ever shows the key again, only its prefix.
    const secret = key.slice(16);
    for (const path of [
      '/dashboard/keys',
      `/dashboard/keys/${id}`,
      `/dashboard/keys/${id}/revoke`,
    ]) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(secret);
      expect(res.text).toContain(`pi_${id}_…`);
    }

    // Every lookup is counted on the quota's charge path: two more over HTTP, two over MCP
    // (using up this file's budget of 5), then one refused with 429.
    const get = () => request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`);
    for (let i = 0; i < 2; i++) expect((await get()).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const called = await request(http)
        .post('/mcp')
        .set('Authorization', `Bearer ${key}`)
        .set('Accept', 'application/json, text/event-stream')
        .send({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'get_product_intelligence', arguments: { product_name: 'PS5' } },
        });
      expect(called.status).toBe(200);
      expect(called.text).not.toContain('"isError":true');
    }
    expect((await get()).status).toBe(429);
    const unflushed = await client.get(`/dashboard/keys/${id}`);
    expect(unflushed.text).toMatch(/HTTP lookups, 24 h<\/dt>\s*<dd>3<\/dd>/);
    await app.get(UsageCounters).flush();
    expect(await prisma.keyUsageMinute.count({ where: { apiKeyId: id } })).toBeGreaterThanOrEqual(
      2,
    );
    const usage = await client.get(`/dashboard/keys/${id}`);
    expect(usage.text).toMatch(/<svg\s+class="chart-plot"/);
    // Zoomed to the calls of the last minutes: bars per minute, HTTP, MCP and the refusal.
    expect(usage.text).toContain('Calls per minute, last 24 hours');
    expect(usage.text).toContain('Zoomed to activity');
    expect(usage.text).toMatch(/class="bar http"/);
    expect(usage.text).toMatch(/class="bar mcp"/);
    expect(usage.text).toMatch(/class="bar refused"/);
    // The range switch, and a range that does not exist.
    expect(usage.text).toMatch(/href="\/dashboard\/keys\/\w+\?range=7d"/);
    const week = await client.get(`/dashboard/keys/${id}?range=7d`);
    expect(week.text).toMatch(/HTTP lookups, 7 d<\/dt>\s*<dd>3<\/dd>/);
    expect(week.text).toMatch(/aria-current="page"\s*>7 d</);
    for (const bad of ['2d', '24h&range=7d']) {
      const refused = await client.get(`/dashboard/keys/${id}?range=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toContain('use 1h, 24h, 7d');
    }
    expect(usage.text).toMatch(/HTTP lookups, 24 h<\/dt>\s*<dd>3<\/dd>/);
    expect(usage.text).toMatch(/MCP lookups, 24 h<\/dt>\s*<dd>2<\/dd>/);
    expect(usage.text).toMatch(/Refused \(429\), 24 h<\/dt>\s*<dd>1<\/dd>/);
    expect(usage.text).toMatch(
      /Purchase-link clicks<\/dt>\s*<dd>\s*1\s*<small\s*>in 24 h, 1 in all/,
    );
    // The budget as the README states it: lookups a minute.
    expect(usage.text).toMatch(
      /Budget remaining now<\/dt>\s*<dd>\s*0\s*<small\s*>of\s*5 lookups\s+a minute, more frees in/,
    );

    const revoked = await client.post(
      `/dashboard/keys/${id}/revoke`,
      {},
      `/dashboard/keys/${id}/revoke`,
    );
    expect(revoked.status).toBe(303);
    expect((await client.get(revoked.headers.location!)).text).toContain('is revoked');
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 200));
    expect((await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`)).status).toBe(
      401,
    );
  });

  it('refuses the cookie of a signed-out session', async () => {
    const client = await member('signout@example.com');
    const before = new Map(client.cookies);
    const out = await client.post('/dashboard/sign-out', {}, '/dashboard/keys');
    expect(out.status).toBe(303);
    const stale = new DashboardClient(app);
    for (const [name, value] of before) stale.cookies.set(name, value);
    const res = await stale.get('/dashboard/keys');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard/sign-in');
    expect((await stale.post('/dashboard/keys', { name: 'x', expires: 'never' })).status).toBe(303);
  });

  it('throttles failed sign-ins per account and per address', async () => {
    await member('throttled@example.com');
    const client = new DashboardClient(app);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const res = await client.post(
        '/dashboard/sign-in',
        { email: 'throttled@example.com', password: 'wrong password' },
        '/dashboard/sign-in',
      );
      expect(res.status).toBe(401);
      expect(res.text).toContain('do not match');
    }
    // Even the right password is refused now, without being checked.
    const blocked = await client.post(
      '/dashboard/sign-in',
      { email: 'throttled@example.com', password: PASSWORD },
      '/dashboard/sign-in',
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.text).toContain('Too many failed sign-ins');

    await prisma.signInFailure.deleteMany();
    await member('other-address@example.com');
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
      await client.post(
        '/dashboard/sign-in',
        { email: `nobody${i}@example.com`, password: 'guess' },
        '/dashboard/sign-in',
      );
    }
    expect(
      (
        await client.post(
          '/dashboard/sign-in',
          { email: 'other-address@example.com', password: PASSWORD },
          '/dashboard/sign-in',
        )
      ).status,
    ).toBe(429);
  });

  it('does not let a disabled account sign in', async () => {
    const client = await member('disabled@example.com');
    const { key } = await createKey(client, 'of a disabled account');
    const account = await prisma.account.findUniqueOrThrow({
      where: { email: 'disabled@example.com' },
    });
    const { revokedKeys } = await accounts.disable(account.id);
    expect(revokedKeys).toBe(1);
    expect((await client.get('/dashboard/keys')).status).toBe(303);
    const res = await new DashboardClient(app).post(
      '/dashboard/sign-in',
      { email: 'disabled@example.com', password: PASSWORD },
      '/dashboard/sign-in',
    );
    expect(res.status).toBe(403);
    expect(res.text).toContain('disabled');
    expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('pi_session=');
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 200));
    expect((await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`)).status).toBe(
      401,
    );
  });

  it("answers 404 to a member reading or revoking another member's key; admins see all", async () => {
    const alice = await member('alice@example.com');
    const bob = await member('bob@example.com');
    const admin = await member('boss@example.com', true);
    const { id, key } = await createKey(alice, 'alice key');

    expect((await bob.get(`/dashboard/keys/${id}`)).status).toBe(404);
    expect((await bob.get(`/dashboard/keys/${id}/revoke`)).status).toBe(404);
    const revoke = await bob.post(`/dashboard/keys/${id}/revoke`, {}, '/dashboard/keys');
    expect(revoke.status).toBe(404);
    expect((await bob.get('/dashboard/keys')).text).not.toContain('alice key');
    expect((await bob.get('/dashboard/accounts')).status).toBe(403);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
    expect((await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`)).status).toBe(
      200,
    );

    const all = await admin.get('/dashboard/keys');
    expect(all.text).toContain('alice key');
    expect(all.text).toContain('alice@example.com');
    expect((await admin.get('/dashboard/accounts')).text).toContain('bob@example.com');
    expect((await admin.get(`/dashboard/keys/${id}`)).status).toBe(200);
    const byAdmin = await admin.post(`/dashboard/keys/${id}/revoke`, {}, '/dashboard/keys');
    expect(byAdmin.status).toBe(303);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt).toBeInstanceOf(
      Date,
    );
  });
});
