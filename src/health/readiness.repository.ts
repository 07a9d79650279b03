import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

/** The SQL of readiness: each query is cheap (an index or a tiny table). */
@Injectable()
export class ReadinessRepository {
  constructor(private readonly prisma: PrismaService) {}

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }

  /** Names of the migrations applied to this database. */
  async appliedMigrations(): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    return rows.map((row) => row.migration_name);
  }

  /** Whether a catalog was ever published, and whether it holds any product. */
  async catalogState(): Promise<'unpublished' | 'empty' | 'published'> {
    const [publication, product] = await Promise.all([
      this.prisma.catalogPublication.findFirst({ select: { id: true } }),
      this.prisma.product.findFirst({ select: { id: true } }),
    ]);
    if (publication === null) return 'unpublished';
    return product === null ? 'empty' : 'published';
  }
}
