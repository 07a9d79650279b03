import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { Public } from '../auth/public.decorator.js';
import { ProblemException } from '../common/problem.js';
import { DatabaseIndicators } from './database.indicators.js';
import { RedisIndicator } from './redis.indicator.js';
import { ShutdownState } from '../common/shutdown-state.js';

/** Seconds an orchestrator or proxy should wait before probing a not-ready instance again. */
const NOT_READY_RETRY_AFTER_SECONDS = 2;

/** Probes for orchestrators and proxies: public, cheap and never charged. */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseIndicators,
    private readonly redis: RedisIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  /** Liveness: the process answers. Restarting it would not fix a database outage. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: this instance can answer lookups now. A 503 (problem details, naming each
   * failing check) takes it out of the proxy's rotation until it recovers; so does a
   * shutdown in progress, so that no new request is sent to an instance that is leaving.
   */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<HealthCheckResult> {
    if (this.shutdown.shuttingDown) {
      throw notReady([{ field: 'shutdown', message: 'the instance is shutting down' }]);
    }
    try {
      return await this.health.check([
        () => this.database.reachable(),
        () => this.database.migrated(),
        () => this.database.catalogPublished(),
        ...this.redis.checks(),
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const { error: failed = {} } = error.getResponse() as Pick<HealthCheckResult, 'error'>;
      throw notReady(
        Object.entries(failed).map(([field, result]) => ({
          field,
          message: typeof result?.message === 'string' ? result.message : 'down',
        })),
      );
    }
  }
}

function notReady(errors: { field: string; message: string }[]): ProblemException {
  return new ProblemException(
    'not-ready',
    'This instance cannot answer lookups right now.',
    errors,
  ).retryAfter(NOT_READY_RETRY_AFTER_SECONDS);
}
