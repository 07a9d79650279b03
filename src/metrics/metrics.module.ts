import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.service.js';

/**
 * The service's metrics. Global on purpose, and imported only where metrics are kept (the app,
 * the resolve command): the providers that record take Metrics as `@Optional()`, so the admin
 * commands, which import no MetricsModule, record nothing.
 */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
