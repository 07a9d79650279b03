import { Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { DatabaseServer } from './database-server.js';
import { PrismaClient } from './generated/prisma/client.js';
import { createPgPool } from './pg-pool.js';

/**
 * The primary's client: every write, and every read when no replica is configured or caught
 * up. Prisma and the hot lookup queries share one pg pool: Prisma for typed access, `pool`
 * for the few statements run on every lookup, which go as named prepared statements
 * (parsed and planned once per connection, not once per lookup).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, BeforeApplicationShutdown {
  readonly pool: pg.Pool;

  constructor(server: DatabaseServer, config: AppConfig) {
    const pool = createPgPool(server.url, config);
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  /**
   * After every `onModuleDestroy`, where what other modules gathered in memory is written
   * (usage counts, last-used times), whatever the order of the modules.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    await this.pool.end();
  }
}
