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

  async isCatalogPublished(): Promise<boolean> {
    return (await this.prisma.catalogPublication.findFirst({ select: { id: true } })) !== null;
  }
}
