import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DatabaseServer } from './database-server.js';
import { PrismaClient } from './generated/prisma/client.js';
import { pgAdapter } from './pg-adapter.js';

/** The primary: every write, and every read when no replica is configured or caught up. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  constructor(server: DatabaseServer, config: AppConfig) {
    super({ adapter: pgAdapter(server.url, config) });
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
