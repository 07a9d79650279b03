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
