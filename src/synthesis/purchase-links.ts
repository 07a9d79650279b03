import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { LINK_SIGNING_SECRET_FILE } from '../config/data-dir-files.js';

// Tracked purchase links (docs/decisions.md, Purchase links): /v1/r/<offer>.<key>.<signature>,
// an HMAC of the offer and the key whose lookup produced the link, so a link cannot be
// forged, altered or guessed. Deterministic: the same answer always carries the same link.

const SIGNATURE_LENGTH = 22; // 22 base64url characters: 132 bits of HMAC-SHA256
const TOKEN = /^(\d{1,19})\.([A-Za-z0-9_-]{1,64}|-)\.([A-Za-z0-9_-]{22})$/;
/**
 * Links signed lately, by offer and key: a cached answer is signed again for every request,
 * and an HMAC costs more than the rest of serving it. A link never changes, so they are
 * kept (some 150 bytes each) until evicted.
 */
const RECENT_LINKS = 20_000;

export interface LinkTarget {
  offerId: string;
  /** The API key whose lookup produced the link; undefined before keys exist. */
  keyId?: string;
}

@Injectable()
export class PurchaseLinks {
  private readonly secret: Buffer;
  private readonly base: string;
  private readonly recent = new LRUCache<string, string>({ max: RECENT_LINKS });

  constructor(config: AppConfig) {
    this.secret = Buffer.from(config.linkSigningSecret ?? persistedSecret(config.dataDir));
    this.base = config.publicBaseUrl;
  }

  urlFor(target: LinkTarget): string {
    const token = `${target.offerId}.${target.keyId ?? '-'}`;
    let url = this.recent.get(token);
    if (url === undefined) {
      url = `${this.base}/v1/r/${token}.${this.sign(target.offerId, target.keyId ?? '-')}`;
      this.recent.set(token, url);
    }
    return url;
  }

  /** The target of a token this service signed; undefined for anything else. */
  verify(token: string): LinkTarget | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const [, offerId, key, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(offerId, key));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
    return { offerId, ...(key !== '-' && { keyId: key }) };
  }

  private sign(offerId: string, key: string): string {
    return createHmac('sha256', this.secret)
      .update(`v1:${offerId}:${key}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  }
}

/** Outside production the secret may be generated once and kept with the data. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, LINK_SIGNING_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
