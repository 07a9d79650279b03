import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

/** A product an admin may confirm a name as. */
export interface FoundProduct {
  id: string;
  name: string;
  brand: string;
  /** pg_trgm's similarity of its name to what was typed, 0 to 1. */
  similarity: number;
}

/** Words of a query searched at most: a name is a few words, and each costs a pattern. */
const MAX_WORDS = 8;

/** LIKE's own characters in a typed word, matched as themselves. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, '\\$&');

/**
 * Finds products by what a person types: each word somewhere in the name (or the exact id),
 * the closest names first. For the admins' review of names people asked for, not lookups:
 * the resolver's rules and indexes are not wanted here, only the product a person means.
 */
@Injectable()
export class ProductSearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  async search(query: string, limit = 10): Promise<FoundProduct[]> {
    const typed = query.trim();
    const words = typed.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
    if (words.length === 0) return [];
    const patterns = words.map((word) => `%${likeLiteral(word)}%`);
    return await this.prisma.$queryRaw<FoundProduct[]>(Prisma.sql`
      SELECT id, name, brand, similarity(name, ${typed})::float8 AS similarity
        FROM products
       WHERE name ILIKE ALL (${patterns}::text[]) OR id = ${typed}
       ORDER BY similarity DESC, name, id
       LIMIT ${limit}`);
  }
}
