import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { DatabaseServer } from './database-server.js';
import { PrismaClient } from './generated/prisma/client.js';

/**
 * pg_trgm's operators (`%`, `<%`) read their thresholds from these settings; every
 * connection starts with the values candidate generation was tuned with.
 */
const TRIGRAM_THRESHOLDS =
  '-c pg_trgm.similarity_threshold=0.3 -c pg_trgm.word_similarity_threshold=0.5';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  constructor(server: DatabaseServer) {
    super({ adapter: new PrismaPg({ connectionString: server.url, options: TRIGRAM_THRESHOLDS }) });
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
