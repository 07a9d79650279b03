import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { MemoryQuotaStorage } from './memory-quota.storage.js';
import { QuotaStorage } from './quota-storage.js';
import { RedisQuotaStorage } from './redis-quota.storage.js';

/** Redis when REDIS_URL is set (any number of instances share it), memory otherwise. */
@Module({
  providers: [
    {
      provide: QuotaStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig): QuotaStorage =>
        config.redis.url ? new RedisQuotaStorage(config.redis.url) : new MemoryQuotaStorage(),
    },
  ],
  exports: [QuotaStorage],
})
export class QuotaStorageModule {}
