import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { DatabaseServer } from './database-server.js';
import { PrismaClient } from './generated/prisma/client.js';

/**
 * The one database client. Prisma and the hot lookup queries share one pg pool: Prisma for
 * typed access, `pool` for the few statements run on every lookup, which go as named
 * prepared statements (parsed and planned once per connection, not once per lookup).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  readonly pool: pg.Pool;

  constructor(server: DatabaseServer) {
    const pool = new pg.Pool({ connectionString: server.url });
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.pool.end();
  }
}
