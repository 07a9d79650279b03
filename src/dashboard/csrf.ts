import { createHash } from 'node:crypto';

// Synchronizer tokens (OWASP's primary CSRF defence): a form's token is derived from the
// secret it is bound to (the session token, or before sign-in the form-seed cookie), so
// a page from another site can neither read nor forge it, and nothing extra is stored.
// The derivation is one-way: a token reveals nothing of the session it belongs to.

export const CSRF_FIELD = '_csrf';

export function csrfToken(seed: string): string {
  return createHash('sha256').update(`csrf:${seed}`).digest('base64url');
}
