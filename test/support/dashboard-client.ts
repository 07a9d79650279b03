import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { AccountsService } from '../../src/dashboard/accounts.service.js';

/** The password every test account is given. */
export const PASSWORD = 'correct horse battery staple';
const KEY = /pi_[0-9A-Za-z]{12}_[0-9A-Za-z]{28}/;

/** The CSRF token of the first form on a page. */
export function csrfOf(page: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error('no CSRF field on the page');
  return token;
}

/** A browser-like client of the dashboard: keeps its cookies, reads CSRF tokens from pages. */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  /** Sent with every request (X-Forwarded-For, for example). */
  readonly headers: Record<string, string> = {};

  constructor(private readonly app: INestApplication) {}

  private get http(): App {
    return this.app.getHttpServer() as App;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: request.Response): request.Response {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const line of set ?? []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string): Promise<request.Response> {
    return this.keep(
      await request(this.http).get(path).set(this.headers).set('Cookie', this.cookieHeader),
    );
  }

  /** Posts a form; `_csrf` is taken from `from` (a page path) unless given in the fields. */
  async post(
    path: string,
    fields: Record<string, string>,
    from?: string,
  ): Promise<request.Response> {
    const body = { ...fields };
    if (from !== undefined && !('_csrf' in body)) body._csrf = csrfOf((await this.get(from)).text);
    return this.keep(
      await request(this.http)
        .post(path)
        .set(this.headers)
        .set('Cookie', this.cookieHeader)
        .type('form')
        .send(new URLSearchParams(body).toString()),
    );
  }

  /** Sets a password from a one-time link (its path) and signs in with it. */
  async activate(linkPath: string, email: string, password: string): Promise<void> {
    const set = await this.post(linkPath, { password, confirmation: password }, linkPath);
    if (set.status !== 303) throw new Error(`setting the password gave ${set.status}`);
    await this.signIn(email, password);
  }

  async signIn(email: string, password: string): Promise<request.Response> {
    const res = await this.post('/dashboard/sign-in', { email, password }, '/dashboard/sign-in');
    if (res.status !== 303) throw new Error(`sign-in gave ${res.status}`);
    return res;
  }
}

/** A new account with its password set, and a client signed in as it. */
export async function signedInMember(
  app: INestApplication,
  accounts: AccountsService,
  email: string,
  admin = false,
): Promise<DashboardClient> {
  const { link } = await accounts.create(email, admin);
  const client = new DashboardClient(app);
  await client.activate(new URL(link).pathname, email, PASSWORD);
  return client;
}

/** Creates a key from the dashboard (201, the key shown once): the key, its id and the page. */
export async function createKey(client: DashboardClient, name: string) {
  const res = await client.post('/dashboard/keys', { name, expires: '30d' }, '/dashboard/keys');
  const key = KEY.exec(res.text)?.[0];
  if (res.status !== 201 || !key) throw new Error(`creating a key gave ${res.status}, no key`);
  return { key, id: key.slice(3, 15), page: res.text };
}
