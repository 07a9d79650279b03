import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DatabaseReader } from './database-reader.js';
import { DatabaseServer } from './database-server.js';
import { PrismaService } from './prisma.service.js';

@Global()
@Module({
  providers: [
    {
      provide: DatabaseServer,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => DatabaseServer.connect(config),
    },
    PrismaService,
    DatabaseReader,
  ],
  exports: [DatabaseServer, PrismaService, DatabaseReader],
})
export class DatabaseModule {}
