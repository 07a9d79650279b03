import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  SessionsService,
} from '../src/dashboard/sessions.service.js';
import { dashboardApp } from './support/dashboard-app.js';
import { csrfOf, DashboardClient, PASSWORD } from './support/dashboard-client.js';

// Sign-ins fired all at once, as a password-guessing script would: each attempt is reserved
// before its password is checked, so a burst gets no more passwords checked than the limit,
// however many requests arrive together. Every 401 checked a password. A loaded machine may
// also answer some attempts 503 (no database connection within its timeout), as the API does:
// those checked no password, and a reserved attempt that ends in 503 still counts.

describe(`${SessionsService.name} under a burst`, () => {
  const context = dashboardApp();

  /** A sign-in for each email (or n for one email), all sent before any is answered. */
  async function burst(emails: string | string[], password: string, n = 1): Promise<number[]> {
    const all = typeof emails === 'string' ? Array<string>(n).fill(emails) : emails;
    const client = new DashboardClient(context.app);
    const csrf = csrfOf((await client.get('/dashboard/sign-in')).text);
    const responses = await Promise.all(
      all.map((email) =>
        request(context.http)
          .post('/dashboard/sign-in')
          .set('Cookie', client.cookieHeader)
          .type('form')
          .send(new URLSearchParams({ email, password, _csrf: csrf }).toString()),
      ),
    );
    return responses.map((res) => res.status);
  }

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  /** No more passwords checked than the limit, and every other attempt refused or deferred. */
  function expectLimited(statuses: number[], limit: number): void {
    expect(statuses.filter((s) => ![401, 429, 503].includes(s))).toEqual([]);
    expect(count(statuses, 401)).toBeLessThanOrEqual(limit);
    expect(count(statuses, 401) + count(statuses, 503)).toBeGreaterThanOrEqual(limit);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(
      statuses.length - limit - count(statuses, 503),
    );
  }

  it('checks no more wrong passwords than the limit, however many arrive at once', async () => {
    await context.member('burst@example.com');
    await context.prisma.signInFailure.deleteMany();
    const statuses = await burst('burst@example.com', 'wrong password', 100);
    // Even the right password is refused now, without being checked.
    expect(await burst('burst@example.com', PASSWORD)).toEqual([429]);
    expectLimited(statuses, ACCOUNT_FAILURE_LIMIT);
  });

  it('checks no more passwords from one address than its limit, whatever the emails', async () => {
    await context.prisma.signInFailure.deleteMany();
    const emails = Array.from({ length: 60 }, (_, i) => `nobody${i}@example.com`);
    const statuses = await burst(emails, 'a guess');
    expectLimited(statuses, ADDRESS_FAILURE_LIMIT);
    expect(await burst('nobody-else@example.com', 'a guess')).toEqual([429]);
  });
});
