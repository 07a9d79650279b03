import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { ApiKey } from '../database/generated/prisma/client.js';

export type ApiKeyRecord = Omit<ApiKey, 'secretHash'>;

const PUBLIC_FIELDS = {
  id: true,
  displayPrefix: true,
  name: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  accountId: true,
} as const;

/** API keys in PostgreSQL; only hashes of their secrets. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(key: {
    id: string;
    displayPrefix: string;
    secretHash: Uint8Array;
    name: string;
    expiresAt?: Date;
    accountId?: number;
  }) {
    return await this.prisma.apiKey.create({
      data: { ...key, secretHash: Buffer.from(key.secretHash) },
      select: PUBLIC_FIELDS,
    });
  }

  async list(): Promise<ApiKeyRecord[]> {
    return await this.prisma.apiKey.findMany({
      select: PUBLIC_FIELDS,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Keys with their owner's email: one account's, or every key (accountId undefined). */
  async listWithOwners(accountId?: number): Promise<(ApiKeyRecord & { ownerEmail?: string })[]> {
    const keys = await this.prisma.apiKey.findMany({
      where: accountId === undefined ? {} : { accountId },
      select: { ...PUBLIC_FIELDS, account: { select: { email: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    });
    return keys.map(({ account, ...key }) => ({
      ...key,
      ...(account && { ownerEmail: account.email }),
    }));
  }

  async find(id: string): Promise<(ApiKeyRecord & { ownerEmail?: string }) | undefined> {
    const key = await this.prisma.apiKey.findUnique({
      where: { id },
      select: { ...PUBLIC_FIELDS, account: { select: { email: true } } },
    });
    if (!key) return undefined;
    const { account, ...record } = key;
    return { ...record, ...(account && { ownerEmail: account.email }) };
  }

  /** Revokes every live key of an account; how many. */
  async revokeAllOf(accountId: number, at: Date): Promise<number> {
    const { count } = await this.prisma.apiKey.updateMany({
      where: { accountId, revokedAt: null },
      data: { revokedAt: at },
    });
    return count;
  }

  async findWithHash(id: string): Promise<ApiKey | undefined> {
    return (await this.prisma.apiKey.findUnique({ where: { id } })) ?? undefined;
  }

  /** Records when keys were last used (batched by VerifiedKeys). */
  async touch(ids: string[], at: Date): Promise<void> {
    await this.prisma.apiKey.updateMany({ where: { id: { in: ids } }, data: { lastUsedAt: at } });
  }

  /** Revokes a key not yet revoked; undefined when there is no such key. */
  async revoke(id: string, at: Date): Promise<ApiKeyRecord | undefined> {
    const { count } = await this.prisma.apiKey.updateMany({
      where: { id, revokedAt: null },
      data: { revokedAt: at },
    });
    const key = await this.prisma.apiKey.findUnique({ where: { id }, select: PUBLIC_FIELDS });
    return count > 0 || key ? (key ?? undefined) : undefined;
  }
}
