import type { Request } from 'express';
import type { AccountRecord } from './account.repository.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in account (dashboard routes behind SessionGuard). */
    account?: AccountRecord;
    /** The session cookie's token of the signed-in account. */
    sessionToken?: string;
    /** The CSRF token the page's forms carry (set by CsrfGuard). */
    csrfToken?: string;
  }
}

/** The fields of a urlencoded form body (anything else reads as no fields). */
export function formFields(req: Request): Record<string, string> {
  if (!req.is('application/x-www-form-urlencoded') || typeof req.body !== 'object' || !req.body)
    return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The signed-in account; SessionGuard guarantees it on the routes it guards. */
export function signedIn(req: Request): AccountRecord {
  if (!req.account) throw new Error('SessionGuard must guard this route');
  return req.account;
}
