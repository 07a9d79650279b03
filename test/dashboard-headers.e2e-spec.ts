import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DashboardMiddleware } from '../src/dashboard/dashboard.middleware.js';
import { createKey, DashboardClient, PASSWORD } from './support/dashboard-client.js';
import { dashboardApp } from './support/dashboard-app.js';

const LOOKUP = '/v1/product-intelligence?product_name=PS5';

// The dashboard's protections (headers, CSRF tokens, body limits, error pages) and where they
// stop: the JSON API beside it.
describe(DashboardMiddleware.name, () => {
  const t = dashboardApp();

  it('refuses a state-changing form whose CSRF token is missing or wrong with 403', async () => {
    const client = await t.member('csrf@example.com');
    for (const [path, fields] of [
      ['/dashboard/keys', { name: 'x', expires: 'never' }],
      ['/dashboard/sign-out', {}],
    ] as const) {
      for (const csrf of [undefined, 'wrong', 'A'.repeat(43)]) {
        const res = await client.post(path, { ...fields, ...(csrf && { _csrf: csrf }) });
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    }
    const { id } = await createKey(client, 'kept');
    expect((await client.post(`/dashboard/keys/${id}/revoke`, { _csrf: 'wrong' })).status).toBe(
      403,
    );
    const anonymous = new DashboardClient(t.app);
    await anonymous.get('/dashboard/sign-in');
    expect(
      (
        await anonymous.post('/dashboard/sign-in', {
          email: 'csrf@example.com',
          password: PASSWORD,
        })
      ).status,
    ).toBe(403);
    // A token of one session does not work for another.
    const other = await t.member('csrf-other@example.com');
    const token = /name="_csrf" value="([^"]+)"/.exec(
      (await other.get('/dashboard/keys')).text,
    )![1]!;
    expect(
      (await client.post('/dashboard/keys', { name: 'x', expires: 'never', _csrf: token })).status,
    ).toBe(403);
    expect(await t.prisma.apiKey.count({ where: { name: 'x' } })).toBe(0);
  });

  it('sends a strict CSP, safe cookies, no CORS header, and friendly errors', async () => {
    const anonymous = new DashboardClient(t.app);
    const signIn = await anonymous.get('/dashboard/sign-in');
    const csp = signIn.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(signIn.text).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(signIn.text).not.toMatch(/\sstyle=/);
    expect(signIn.headers['cache-control']).toBe('no-store');
    // The dashboard's own root, not only the paths under it.
    const root = await anonymous.get('/dashboard');
    expect(root.headers['content-security-policy']).toContain("default-src 'none'");
    expect(root.headers['cache-control']).toBe('no-store');

    const { link } = await t.accounts.create('cookies@example.com', false);
    const client = new DashboardClient(t.app);
    const path = new URL(link).pathname;
    await client.post(path, { password: PASSWORD, confirmation: PASSWORD }, path);
    const res = await client.post(
      '/dashboard/sign-in',
      { email: 'cookies@example.com', password: PASSWORD },
      '/dashboard/sign-in',
    );
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('pi_session='),
    );
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // the public address here is http

    for (const req of [
      request(t.http).get('/dashboard/sign-in').set('Origin', 'https://evil.example'),
      request(t.http)
        .options('/dashboard/keys')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST'),
      request(t.http).get('/dashboard/assets/app.js').set('Origin', 'https://evil.example'),
    ]) {
      const headers = Object.keys((await req).headers);
      expect(headers.filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }

    expect((await client.get('/dashboard/keys/AAAAAAAAAAAA')).status).toBe(404);
    expect((await client.get('/dashboard/keys/AAAAAAAAAAAA')).text).toContain('Not found');
    const unknown = await client.get('/dashboard/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.headers['content-security-policy']).toContain("default-src 'none'");
    const big = await client.post('/dashboard/keys', {
      name: 'x'.repeat(10_000),
      expires: 'never',
    });
    expect(big.status).toBe(413);
    const blank = await client.post(
      '/dashboard/keys',
      { name: ' ', expires: 'never' },
      '/dashboard/keys',
    );
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Give the key a name');
    const first = new URL((await t.accounts.create('weak@example.com', false)).link).pathname;
    const weakAccount = await t.prisma.account.findUniqueOrThrow({
      where: { email: 'weak@example.com' },
    });
    const second = new URL(await t.accounts.issueLink(weakAccount.id)).pathname;
    const setter = new DashboardClient(t.app);
    const short = { password: 'short', confirmation: 'short' };
    expect((await setter.post(second, short, second)).status).toBe(400);
    expect((await setter.get(second)).status).toBe(200); // a refused password keeps the link
    expect((await setter.get(first)).status).toBe(404); // a new link replaces the old one
    const differ = { password: PASSWORD, confirmation: `${PASSWORD}!` };
    expect((await setter.post(second, differ, second)).text).toContain('differ');
    // Twelve characters are not enough when they are a common password or a repeat.
    for (const weak of ['aaaaaaaaaaaa', 'password1234']) {
      const res = await setter.post(second, { password: weak, confirmation: weak }, second);
      expect(res.status).toBe(400);
      expect(res.text).toContain('That password is too easy to guess.');
    }
  });

  it('leaves the JSON API as it was: no session cookie opens it, bodies still checked', async () => {
    const client = await t.member('api@example.com');
    const res = await request(t.http).get(LOOKUP).set('Cookie', client.cookieHeader);
    expect(res.status).toBe(401);
    // The dashboard's headers stay on the dashboard: the API keeps its own policy.
    expect(res.headers['content-security-policy']).not.toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBeUndefined();
    const lookalike = await request(t.http).get('/dashboards');
    expect(lookalike.headers['content-security-policy']).not.toContain("default-src 'none'");
    const { key } = await createKey(client, 'api');
    const batch = await request(t.http)
      .post('/v1/product-intelligence/batch')
      .set('Authorization', `Bearer ${key}`)
      .type('form')
      .send('product_names=PS5');
    expect(batch.status).toBe(415);
  });
});
