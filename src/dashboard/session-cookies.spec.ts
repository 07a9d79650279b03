import { describe, expect, it } from '@jest/globals';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config.js';
import { parseEnv } from '../config/env.schema.js';
import { SessionCookies } from './session-cookies.js';

function setCookie(publicBaseUrl: string): string {
  const cookies = new SessionCookies(new AppConfig(parseEnv({ PUBLIC_BASE_URL: publicBaseUrl })));
  const headers: string[] = [];
  const res = { append: (_name: string, value: string) => headers.push(value) };
  cookies.setSession(res as unknown as Response, 'A'.repeat(43));
  return headers[0]!;
}

describe(SessionCookies.name, () => {
  it('is HttpOnly and SameSite=Strict, and Secure with the __Host- prefix only over https', () => {
    const plain = setCookie('http://127.0.0.1:3000');
    expect(plain).toMatch(/^pi_session=A{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    const secure = setCookie('https://api.example.com');
    expect(secure).toMatch(/^__Host-pi_session=A{43};/);
    expect(secure).toContain('; Secure');
    expect(secure).toContain('; HttpOnly');
    expect(secure).toContain('; SameSite=Strict');
  });
});
