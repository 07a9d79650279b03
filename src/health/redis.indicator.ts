import { Inject, Injectable, Optional } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { CHECK_CACHE_MS, CHECK_TIMEOUT_MS } from './database.indicators.js';

/**
 * Pings the Redis the rate budget lives in. Provided by whoever owns that connection
 * (the quota module) when REDIS_URL is set; without it readiness has no Redis check.
 */
export const REDIS_PING = Symbol('REDIS_PING');
export type RedisPing = () => Promise<unknown>;

@Injectable()
export class RedisIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    @Optional() @Inject(REDIS_PING) private readonly ping?: RedisPing,
  ) {}

  checks(): HealthIndicatorFunction[] {
    const ping = this.ping;
    if (!ping) return [];
    return [
      () =>
        this.health
          .check('redis')
          .attempt(() =>
            ping().then(
              () => undefined,
              () => {
                throw new Error('unreachable');
              },
            ),
          )
          .withTimeout(CHECK_TIMEOUT_MS)
          .cacheFor(CHECK_CACHE_MS),
    ];
  }
}
