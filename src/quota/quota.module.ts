import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config.js';
import { UsageModule } from '../usage/usage.module.js';
import { QuotaStorage } from './quota-storage.js';
import { QuotaStorageModule } from './quota-storage.module.js';
import { QuotaGuard } from './quota.guard.js';
import { QuotaService } from './quota.service.js';
import { SpendChargeInterceptor } from './spend-charge.interceptor.js';

@Module({
  imports: [
    QuotaStorageModule,
    UsageModule,
    ThrottlerModule.forRootAsync({
      imports: [QuotaStorageModule],
      inject: [AppConfig, QuotaStorage],
      useFactory: (config: AppConfig, storage: QuotaStorage) => ({
        throttlers: [{ name: 'lookups', limit: config.quota.limit, ttl: config.quota.windowMs }],
        storage,
      }),
    }),
  ],
  providers: [QuotaService, QuotaGuard, SpendChargeInterceptor],
  exports: [ThrottlerModule, QuotaStorageModule, QuotaService, QuotaGuard, SpendChargeInterceptor],
})
export class QuotaModule {}
