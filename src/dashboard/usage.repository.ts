import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export type Channel = 'http' | 'mcp';

export interface UsageCell {
  keyId: string;
  /** Start of the minute, in ms since the epoch. */
  minute: number;
  channel: Channel;
  lookups: number;
  refused: number;
}

/** Per-minute key usage and attributed purchase clicks in PostgreSQL. */
@Injectable()
export class UsageRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds gathered counts to their minutes in one statement. Counts of keys that do not
   * exist are dropped rather than failing the batch.
   */
  async add(cells: UsageCell[]): Promise<void> {
    if (cells.length === 0) return;
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO key_usage_minutes (api_key_id, minute, channel, lookups, refused)
      SELECT u.key_id, u.minute, u.channel, u.lookups, u.refused
      FROM unnest(
        ${cells.map((c) => c.keyId)}::text[],
        ${cells.map((c) => new Date(c.minute).toISOString())}::timestamptz[],
        ${cells.map((c) => c.channel)}::usage_channel[],
        ${cells.map((c) => c.lookups)}::int[],
        ${cells.map((c) => c.refused)}::int[]
      ) AS u(key_id, minute, channel, lookups, refused)
      JOIN api_keys k ON k.id = u.key_id
      ON CONFLICT (api_key_id, minute, channel) DO UPDATE SET
        lookups = key_usage_minutes.lookups + EXCLUDED.lookups,
        refused = key_usage_minutes.refused + EXCLUDED.refused`);
  }

  async minutes(keyId: string, since: Date): Promise<UsageCell[]> {
    const rows = await this.prisma.keyUsageMinute.findMany({
      where: { apiKeyId: keyId, minute: { gte: since } },
      orderBy: { minute: 'asc' },
    });
    return rows.map((r) => ({
      keyId: r.apiKeyId,
      minute: r.minute.getTime(),
      channel: r.channel,
      lookups: r.lookups,
      refused: r.refused,
    }));
  }

  /** Purchase-link clicks attributed to a key: since a time, and in all. */
  async clicks(keyId: string, since: Date): Promise<{ recent: number; total: number }> {
    const [recent, total] = await Promise.all([
      this.prisma.purchaseClick.count({ where: { apiKeyId: keyId, clickedAt: { gte: since } } }),
      this.prisma.purchaseClick.count({ where: { apiKeyId: keyId } }),
    ]);
    return { recent, total };
  }

  async deleteBefore(before: Date): Promise<void> {
    await this.prisma.keyUsageMinute.deleteMany({ where: { minute: { lt: before } } });
  }
}
