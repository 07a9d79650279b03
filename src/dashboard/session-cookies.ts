import { Injectable } from '@nestjs/common';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config.js';
import { SESSION_TTL_MS } from './sessions.service.js';

/** How long a browser keeps the proof that it signed in to an account (passwords.ts). */
const DEVICE_TTL_MS = 180 * 86_400_000;

/**
 * The dashboard's cookies: the session (set at sign-in); before sign-in, a random seed for
 * the CSRF token of the sign-in and set-password forms; and the device proof, which puts this
 * browser's next sign-in to the account first in the hash queue. All are HttpOnly and
 * SameSite=Strict; behind an https public address they are Secure and take the __Host-
 * prefix, which browsers only accept from that exact origin over https.
 */
@Injectable()
export class SessionCookies {
  readonly secure: boolean;
  readonly session: string;
  readonly seed: string;
  readonly device: string;

  constructor(config: AppConfig) {
    this.secure = config.publicBaseUrl.startsWith('https:');
    const prefix = this.secure ? '__Host-' : '';
    this.session = `${prefix}pi_session`;
    this.seed = `${prefix}pi_form`;
    this.device = `${prefix}pi_device`;
  }

  read(req: Request, name: string): string | undefined {
    const header = req.headers.cookie;
    const value = header ? parseCookie(header)[name] : undefined;
    return value && /^[\w-]{43}$/.test(value) ? value : undefined;
  }

  set(res: Response, name: string, value: string, maxAgeMs?: number): void {
    res.append(
      'Set-Cookie',
      stringifySetCookie({
        name,
        value,
        httpOnly: true,
        sameSite: 'strict',
        secure: this.secure,
        path: '/',
        ...(maxAgeMs !== undefined && { maxAge: Math.floor(maxAgeMs / 1000) }),
      }),
    );
  }

  setSession(res: Response, token: string): void {
    this.set(res, this.session, token, SESSION_TTL_MS);
  }

  setDevice(res: Response, proof: string): void {
    this.set(res, this.device, proof, DEVICE_TTL_MS);
  }

  clear(res: Response, name: string): void {
    this.set(res, name, '', 0);
  }
}
