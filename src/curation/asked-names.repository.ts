import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

/** How a name was asked: by a lookup over HTTP or MCP, or as an offers feed's item title. */
export type AskedVia = 'http' | 'mcp' | 'feed';

/** A refused name's best suggestion when it was refused. */
export interface Suggestion {
  productId: string;
  name: string;
  score: number;
}

/** Askings of one name gathered in memory, added to its row in one statement with others. */
export interface AskedCount {
  /** nameKey(name): case, spacing and punctuation folded. */
  key: string;
  /** The name as last asked. */
  name: string;
  firstMs: number;
  lastMs: number;
  http: number;
  mcp: number;
  feed: number;
  suggestion?: Suggestion;
  publicationId?: number;
}

/** What a reviewer decides of a name: still to review, not in the catalog, or nothing. */
export type AskedStatus = 'pending' | 'demand' | 'ignored';

export interface AskedName {
  key: string;
  name: string;
  firstAskedAt: Date;
  lastAskedAt: Date;
  asked: number;
  http: number;
  mcp: number;
  feedItems: number;
  suggestion: Suggestion | null;
  publicationId: number | null;
  status: AskedStatus;
}

interface AskedRow extends Omit<AskedName, 'suggestion'> {
  suggestionId: string | null;
  suggestionName: string | null;
  suggestionScore: number | null;
}

const ASKED = Prisma.sql`asked_http + asked_mcp + feed_items`;

/** Refused names and their counts (asked_names): never who asked. */
@Injectable()
export class AskedNamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds gathered counts in one statement. A name asked again keeps its review (a name not in
   * the catalog goes on counting demand); its suggestion is the latest publication's. A name an
   * admin confirmed since is left out.
   */
  async add(counts: AskedCount[]): Promise<void> {
    if (counts.length === 0) return;
    const iso = (ms: number) => new Date(ms).toISOString();
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO asked_names AS a (key, name, first_asked_at, last_asked_at, asked_http,
                                    asked_mcp, feed_items, suggestion_id, suggestion_name,
                                    suggestion_score, publication_id)
      SELECT * FROM unnest(
        ${counts.map((c) => c.key)}::text[], ${counts.map((c) => c.name)}::text[],
        ${counts.map((c) => iso(c.firstMs))}::timestamptz[],
        ${counts.map((c) => iso(c.lastMs))}::timestamptz[],
        ${counts.map((c) => c.http)}::int[], ${counts.map((c) => c.mcp)}::int[],
        ${counts.map((c) => c.feed)}::int[],
        ${counts.map((c) => c.suggestion?.productId ?? null)}::text[],
        ${counts.map((c) => c.suggestion?.name ?? null)}::text[],
        ${counts.map((c) => c.suggestion?.score ?? null)}::float8[],
        ${counts.map((c) => c.publicationId ?? null)}::int[]) AS u(key)
      -- A name confirmed since it was refused (an instance's counts gathered before) is found now.
      WHERE NOT EXISTS (SELECT 1 FROM name_aliases al WHERE al.key = u.key)
      ON CONFLICT (key) DO UPDATE SET
        name = EXCLUDED.name,
        first_asked_at = least(a.first_asked_at, EXCLUDED.first_asked_at),
        last_asked_at = greatest(a.last_asked_at, EXCLUDED.last_asked_at),
        asked_http = a.asked_http + EXCLUDED.asked_http,
        asked_mcp = a.asked_mcp + EXCLUDED.asked_mcp,
        feed_items = a.feed_items + EXCLUDED.feed_items,
        suggestion_id = CASE WHEN EXCLUDED.publication_id >= coalesce(a.publication_id, 0)
                             THEN EXCLUDED.suggestion_id ELSE a.suggestion_id END,
        suggestion_name = CASE WHEN EXCLUDED.publication_id >= coalesce(a.publication_id, 0)
                               THEN EXCLUDED.suggestion_name ELSE a.suggestion_name END,
        suggestion_score = CASE WHEN EXCLUDED.publication_id >= coalesce(a.publication_id, 0)
                                THEN EXCLUDED.suggestion_score ELSE a.suggestion_score END,
        publication_id = greatest(a.publication_id, EXCLUDED.publication_id)`);
  }

  /**
   * Drops the names nobody asked for since `before`, then, beyond `max` names, the least asked
   * (the oldest first among equals). Returns how many went.
   */
  async prune(before: Date, max: number): Promise<number> {
    const old = await this.prisma
      .$executeRaw`DELETE FROM asked_names WHERE last_asked_at < ${before}`;
    const over = await this.prisma.$executeRaw(Prisma.sql`
      DELETE FROM asked_names WHERE key IN (
        SELECT key FROM asked_names ORDER BY ${ASKED} DESC, last_asked_at DESC OFFSET ${max})`);
    return old + over;
  }

  /** The names of one list, the most asked first. */
  async list(status: AskedStatus, limit: number, offset = 0): Promise<AskedName[]> {
    const rows = await this.prisma.$queryRaw<AskedRow[]>(Prisma.sql`
      SELECT key, name, first_asked_at AS "firstAskedAt", last_asked_at AS "lastAskedAt",
             (${ASKED})::int AS asked, asked_http AS http, asked_mcp AS mcp,
             feed_items AS "feedItems", suggestion_id AS "suggestionId",
             suggestion_name AS "suggestionName", suggestion_score AS "suggestionScore",
             publication_id AS "publicationId", status
        FROM asked_names WHERE status = ${status}
       ORDER BY ${ASKED} DESC, last_asked_at DESC, key
       LIMIT ${limit} OFFSET ${offset}`);
    return rows.map(({ suggestionId, suggestionName, suggestionScore, ...row }) => ({
      ...row,
      suggestion:
        suggestionId === null
          ? null
          : { productId: suggestionId, name: suggestionName!, score: suggestionScore! },
    }));
  }

  /** How many names each list holds, and how many aliases are confirmed. */
  async counts(): Promise<Record<AskedStatus | 'aliases', number>> {
    const rows = await this.prisma.$queryRaw<{ list: AskedStatus | 'aliases'; names: number }[]>`
      SELECT status AS list, count(*)::int AS names FROM asked_names GROUP BY status
      UNION ALL SELECT 'aliases', count(*)::int FROM name_aliases`;
    const counts = { pending: 0, demand: 0, ignored: 0, aliases: 0 };
    for (const { list, names } of rows) counts[list] = names;
    return counts;
  }

  /** Moves a name to a list; false when no such name is recorded. */
  async review(key: string, status: AskedStatus): Promise<boolean> {
    const changed = await this.prisma.$executeRaw`
      UPDATE asked_names SET status = ${status}, reviewed_at = now() WHERE key = ${key}`;
    return changed > 0;
  }
}
