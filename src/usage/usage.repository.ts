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

  /** The first minute with counts of a key since a time, if any. */
  async firstMinute(keyId: string, since: Date): Promise<number | undefined> {
    const first = await this.prisma.keyUsageMinute.findFirst({
      where: { apiKeyId: keyId, minute: { gte: since } },
      orderBy: { minute: 'asc' },
      select: { minute: true },
    });
    return first?.minute.getTime();
  }

  /**
   * A key's counts since a time, summed per channel into buckets of `bucketMs` aligned to
   * the epoch: at most a few hundred rows, even for 7 days of minutes.
   */
  async buckets(keyId: string, since: Date, bucketMs: number): Promise<UsageCell[]> {
    const rows = await this.prisma.$queryRaw<
      { bucket: Date; channel: Channel; lookups: number; refused: number }[]
    >(Prisma.sql`
      SELECT date_bin(make_interval(secs => ${bucketMs / 1000}::float8), minute, to_timestamp(0)) AS bucket,
             channel, sum(lookups)::float8 AS lookups, sum(refused)::float8 AS refused
      FROM key_usage_minutes
      WHERE api_key_id = ${keyId} AND minute >= ${since}
      GROUP BY 1, 2`);
    return rows.map((r) => ({
      keyId,
      minute: r.bucket.getTime(),
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
