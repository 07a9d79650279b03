import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { loggedPath } from './logging.js';

const asked = (originalUrl: string) => loggedPath({ originalUrl } as unknown as IncomingMessage);
/** URL-safe base64 of n random bytes, as the service's tokens and signatures are. */
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

describe(loggedPath.name, () => {
  it('logs the routes as they are, without the query string', () => {
    expect(asked('/v1/product-intelligence?product_name=PS5')).toBe('/v1/product-intelligence');
    expect(asked('/v1/product-intelligence/batch')).toBe('/v1/product-intelligence/batch');
    expect(asked('/dashboard/keys/AbC123xyZ789/revoke')).toBe(
      '/dashboard/keys/AbC123xyZ789/revoke',
    );
  });

  it('redacts every secret a path can carry, under any route', () => {
    // A set-password link's token (32 random bytes), as the route has it and mistyped.
    const token = random(32);
    expect(asked(`/dashboard/set-password/${token}`)).toBe('/dashboard/set-password/:redacted');
    expect(asked(`/dashboard/set-password/${token}/x?a=1`)).toBe(
      '/dashboard/set-password/:redacted/x',
    );
    // A purchase link: offer, key id and a 22-character signature; and one made before keys.
    expect(asked(`/v1/r/1234.${random(9)}.${random(16).slice(0, 22)}`)).toBe('/v1/r/:redacted');
    expect(asked(`/v1/r/1.-.${random(16).slice(0, 22)}`)).toBe('/v1/r/:redacted');
    // An API key pasted into a path.
    expect(asked(`/v1/pi_${random(9)}_${random(21)}`)).toBe('/v1/:redacted');
  });
});
