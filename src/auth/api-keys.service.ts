import { Injectable } from '@nestjs/common';
import {
  displayPrefix,
  generateKey,
  hashSecret,
  parseKey,
  secretMatches,
} from './api-key-format.js';
import { ApiKeyRepository, type ApiKeyRecord } from './api-key.repository.js';

export type KeyCheck =
  | { valid: true; keyId: string }
  | { valid: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' };

/** Issuing, listing, revoking and checking API keys. */
@Injectable()
export class ApiKeysService {
  constructor(private readonly repository: ApiKeyRepository) {}

  /** A new key: the only time the key itself exists outside its holder's hands. */
  async create(
    name: string,
    expiresAt?: Date,
    accountId?: number,
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    const { key, id, secret } = generateKey();
    const record = await this.repository.create({
      id,
      displayPrefix: displayPrefix(id),
      secretHash: hashSecret(secret),
      name,
      ...(expiresAt && { expiresAt }),
      ...(accountId !== undefined && { accountId }),
    });
    return { key, record };
  }

  async list(): Promise<ApiKeyRecord[]> {
    return await this.repository.list();
  }

  /** One account's keys (newest first) with their owner, or every key when undefined. */
  async listWithOwners(accountId?: number) {
    return await this.repository.listWithOwners(accountId);
  }

  async find(id: string) {
    return await this.repository.find(id);
  }

  async revokeAllOf(accountId: number, at = new Date()): Promise<number> {
    return await this.repository.revokeAllOf(accountId, at);
  }

  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    return await this.repository.revoke(id, new Date());
  }

  async check(key: string, now = new Date()): Promise<KeyCheck> {
    const parsed = parseKey(key);
    if (!parsed) return { valid: false, reason: 'malformed' }; // no database round trip
    const stored = await this.repository.findWithHash(parsed.id);
    if (!stored || !secretMatches(parsed.secret, stored.secretHash))
      return { valid: false, reason: 'unknown' };
    if (stored.revokedAt) return { valid: false, reason: 'revoked' };
    if (stored.expiresAt && stored.expiresAt <= now) return { valid: false, reason: 'expired' };
    return { valid: true, keyId: stored.id };
  }
}
