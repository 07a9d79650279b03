import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthModule } from './auth/auth.module.js';
import { FirstKeyIssuer } from './auth/first-key.issuer.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { DemoCatalogSeeder } from './catalog/demo-catalog.seeder.js';
import { compressAnswers } from './common/compression.middleware.js';
import { JsonBodyMiddleware } from './common/json-body.middleware.js';
import { HttpTimeouts } from './common/http-timeouts.js';
import { TrustProxy } from './common/trust-proxy.js';
import { ProblemFilter } from './common/problem.filter.js';
import { RequestLogMiddleware, ServiceLogger } from './common/service-logger.js';
import { hostHeaderCheck, securityHeaders, urlLengthLimit } from './common/security.middleware.js';
import { ConfigModule } from './config/config.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LookupModule } from './lookup/lookup.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { MetricsModule } from './metrics/metrics.module.js';

/** Create the app with { bodyParser: false }: JsonBodyMiddleware reads bodies itself. */
@Module({
  imports: [
    ConfigModule,
    MetricsModule,
    DatabaseModule,
    AuthModule,
    CatalogModule,
    LookupModule,
    McpModule,
    HealthModule,
    DashboardModule,
  ],
  providers: [
    ServiceLogger,
    TrustProxy,
    HttpTimeouts,
    DemoCatalogSeeder,
    FirstKeyIssuer,
    { provide: APP_FILTER, useClass: ProblemFilter },
  ],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(compressAnswers).forRoutes('*path');
    consumer
      .apply(
        RequestLogMiddleware,
        securityHeaders,
        hostHeaderCheck,
        urlLengthLimit,
        JsonBodyMiddleware,
      )
      .forRoutes('*path');
  }
}
