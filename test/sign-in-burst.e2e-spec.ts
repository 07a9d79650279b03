import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AppConfig } from '../src/config/app-config.js';
import { HASHES_WAITING, hashPassword, inHashQueue } from '../src/dashboard/passwords.js';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  SessionsService,
} from '../src/dashboard/sessions.service.js';
import { dashboardApp } from './support/dashboard-app.js';
import { csrfOf, DashboardClient, PASSWORD } from './support/dashboard-client.js';

// Sign-ins fired all at once, as a password-guessing script would: each attempt is reserved
// before its password is checked, so a burst gets no more passwords checked than the limit,
// however many requests arrive together. Every 401 checked a password. The hash queue checks
// one attempt per email and per address at a time and sheds the rest (503, Retry-After,
// not counted), so a script has to come back for each guess; a loaded machine may also answer
// 503 when no database connection comes within its timeout (that attempt still counts).

describe(`${SessionsService.name} under a burst`, () => {
  // Errors only: each shed attempt is a warning in the service's log, hundreds a burst.
  const context = dashboardApp({ LOG_LEVEL: 'error' });

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

  /** Bursts again until one checks nothing and is throttled: every status of every burst. */
  async function untilThrottled(send: () => Promise<number[]>): Promise<number[]> {
    const all: number[] = [];
    for (let round = 0; round < 40; round++) {
      const statuses = await send();
      all.push(...statuses);
      if (!statuses.includes(401) && statuses.includes(429)) return all;
    }
    throw new Error(`never throttled: ${all.join(' ')}`);
  }

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
    const statuses = await untilThrottled(() => burst('burst@example.com', 'wrong password', 100));
    // Even the right password is refused now, without being checked.
    expect(await burst('burst@example.com', PASSWORD)).toEqual([429]);
    expectLimited(statuses, ACCOUNT_FAILURE_LIMIT);
  });

  it('checks no more passwords from one address than its limit, whatever the emails', async () => {
    await context.prisma.signInFailure.deleteMany();
    const emails = Array.from({ length: 60 }, (_, i) => `nobody${i}@example.com`);
    const statuses = await untilThrottled(() => burst(emails, 'a guess'));
    expectLimited(statuses, ADDRESS_FAILURE_LIMIT);
    expect(await burst('nobody-else@example.com', 'a guess')).toEqual([429]);
  });
});

describe(`${SessionsService.name} under a burst from many addresses`, () => {
  // Behind a proxy (TRUST_PROXY), each guess may come from an address of its own, so the
  // per-address limit never stops it: only the hash queue's bound does.
  const context = dashboardApp({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });
  const BURST = 300;

  /** One sign-in from an address, with a client's cookies and CSRF token. */
  async function signIn(client: DashboardClient, address: string, email: string, password: string) {
    const csrf = csrfOf((await client.get('/dashboard/sign-in')).text);
    const started = performance.now();
    const res = await request(context.http)
      .post('/dashboard/sign-in')
      .set('X-Forwarded-For', address)
      .set('Cookie', client.cookieHeader)
      .type('form')
      .send(new URLSearchParams({ email, password, _csrf: csrf }).toString());
    return {
      status: res.status,
      retryAfter: res.headers['retry-after'],
      ms: performance.now() - started,
    };
  }

  /** How long one password check takes on this machine now (the fastest of three). */
  async function hashTime(): Promise<number> {
    const memoryMib = context.app.get(AppConfig).passwordHashMemoryMib;
    const hash = await hashPassword('a password to time the hash with', memoryMib);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const ticket = { trusted: false, parties: [] };
      await inHashQueue(ticket, memoryMib, (verify) => verify(hash, 'not it'));
      times.push(performance.now() - started);
    }
    return Math.min(...times);
  }

  it('sheds what it cannot check soon, so a person signs in within a few hash times', async () => {
    const returning = await context.member('returning@example.com');
    returning.cookies.delete('pi_session'); // signed out, the browser keeps its device cookie
    const { link } = await context.accounts.create('newcomer@example.com', false);
    await new DashboardClient(context.app).post(
      new URL(link).pathname,
      { password: PASSWORD, confirmation: PASSWORD },
      new URL(link).pathname,
    );
    const hashMs = await hashTime();
    const idle = await signIn(returning, '10.9.0.1', 'returning@example.com', PASSWORD);
    expect(idle.status).toBe(303);
    returning.cookies.delete('pi_session');

    // Wrong passwords for as many accounts, each from an address of its own, all at once.
    const attacker = new DashboardClient(context.app);
    const burst = Array.from({ length: BURST }, (_, i) =>
      signIn(attacker, `10.1.${i >> 8}.${i & 255}`, `victim${i}@example.com`, 'a guess'),
    );
    await Promise.race(burst);

    // A person whose browser signed in before, and one on a new browser.
    const [person, newcomer] = await Promise.all([
      signIn(returning, '10.9.0.2', 'returning@example.com', PASSWORD),
      signIn(new DashboardClient(context.app), '10.9.0.3', 'newcomer@example.com', PASSWORD),
    ]);
    const answers = await Promise.all(burst);
    // The queue holds a bounded number of checks: whoever it admits waits at most that many
    // hashes; whatever it sheds is answered at once, to come back after Retry-After. A hash
    // during the burst takes longer than the quiet one timed above (two run at once, beside
    // other tests' processes), hence LOADED; what the bounds rule out is waiting behind the
    // burst, BURST hashes over the queue's concurrency: 150 hash times here.
    const LOADED = 3;
    const bound = idle.ms + LOADED * (HASHES_WAITING + 2) * hashMs;
    expect(person.status).toBe(303);
    expect(person.ms).toBeLessThan(idle.ms + LOADED * 4 * hashMs);
    expect([303, 503]).toContain(newcomer.status);
    expect(newcomer.ms).toBeLessThan(bound);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([401, 503]));
    for (const shed of answers.filter((a) => a.status === 503)) expect(shed.retryAfter).toBe('1');
    // Come back after Retry-After: the queue has drained.
    if (newcomer.status === 503) {
      const again = await signIn(
        new DashboardClient(context.app),
        '10.9.0.3',
        'newcomer@example.com',
        PASSWORD,
      );
      expect(again.status).toBe(303);
    }
    console.log(
      `hash ${hashMs.toFixed(0)} ms; idle sign-in ${idle.ms.toFixed(0)} ms; during a burst of ${BURST}: ` +
        `returning ${person.ms.toFixed(0)} ms, newcomer ${newcomer.status} in ${newcomer.ms.toFixed(0)} ms; ` +
        `${answers.filter((a) => a.status === 401).length} checked, ${answers.filter((a) => a.status === 503).length} shed, ` +
        `slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms`,
    );
  }, 300_000);
});
