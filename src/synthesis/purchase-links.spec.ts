import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '../config/app-config.js';
import type { Env } from '../config/env.schema.js';
import { PurchaseLinks } from './purchase-links.js';

const links = (secret: string) =>
  new PurchaseLinks(
    new AppConfig({
      LINK_SIGNING_SECRET: secret,
      PUBLIC_BASE_URL: 'https://pi.example',
    } as Env),
  );

const tokenOf = (url: string) => url.slice('https://pi.example/v1/r/'.length);

describe(PurchaseLinks.name, () => {
  const signer = links('a-secret-a-secret-a-secret-a-secret-0001');

  it('signs the same link for the same offer and key, every time', () => {
    const first = signer.urlFor({ offerId: '42', keyId: 'key_a' });
    expect(signer.urlFor({ offerId: '42', keyId: 'key_a' })).toBe(first);
    expect(first).toMatch(/^https:\/\/pi\.example\/v1\/r\/42\.key_a\.[A-Za-z0-9_-]{22}$/);
  });

  it('signs each key and each offer its own link, which verifies as that offer and key', () => {
    const a = signer.urlFor({ offerId: '42', keyId: 'key_a' });
    const b = signer.urlFor({ offerId: '42', keyId: 'key_b' });
    const c = signer.urlFor({ offerId: '43', keyId: 'key_a' });
    const anonymous = signer.urlFor({ offerId: '42' });
    expect(new Set([a, b, c, anonymous]).size).toBe(4);
    expect(signer.verify(tokenOf(b))).toEqual({ offerId: '42', keyId: 'key_b' });
    expect(signer.verify(tokenOf(c))).toEqual({ offerId: '43', keyId: 'key_a' });
    expect(signer.verify(tokenOf(anonymous))).toEqual({ offerId: '42' });
  });

  it('refuses a link signed with another secret or altered', () => {
    const other = links('another-secret-another-secret-another-0002');
    const theirs = tokenOf(other.urlFor({ offerId: '42', keyId: 'key_a' }));
    expect(signer.verify(theirs)).toBeUndefined();
    const ours = tokenOf(signer.urlFor({ offerId: '42', keyId: 'key_a' }));
    expect(signer.verify(ours.replace('42.', '43.'))).toBeUndefined();
    expect(signer.verify(ours.replace('key_a', 'key_b'))).toBeUndefined();
  });
});
