import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { AppConfig } from '../config/app-config.js';
import { QuotaStorage } from '../quota/quota-storage.js';
import { QuotaStorageModule } from '../quota/quota-storage.module.js';
import { DatabaseIndicators } from './database.indicators.js';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsMiddleware } from './metrics.middleware.js';
import { MetricsServer } from './metrics-server.js';
import { ReadinessRepository } from './readiness.repository.js';
import { REDIS_PING, RedisIndicator, type RedisPing } from './redis.indicator.js';
import { ResolutionMetricsInterceptor } from './resolution-metrics.interceptor.js';
import { ShutdownState } from '../common/shutdown-state.js';

/** Liveness, readiness, and the metrics' endpoints (Metrics itself is src/metrics/). */
@Module({
  // Failing checks are answered as problem details and logged by the request log.
  imports: [TerminusModule.forRoot({ logger: false }), QuotaStorageModule],
  controllers: [HealthController, MetricsController],
  providers: [
    DatabaseIndicators,
    ReadinessRepository,
    RedisIndicator,
    {
      // Readiness pings Redis only where the rate budget lives in it (REDIS_URL).
      provide: REDIS_PING,
      inject: [AppConfig, QuotaStorage],
      useFactory: (config: AppConfig, storage: QuotaStorage): RedisPing | undefined =>
        config.redis.url ? () => storage.ping() : undefined,
    },
    MetricsServer,
    ShutdownState,
    { provide: APP_INTERCEPTOR, useClass: ResolutionMetricsInterceptor },
  ],
  exports: [ShutdownState],
})
export class HealthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MetricsMiddleware).forRoutes('*path');
  }
}
