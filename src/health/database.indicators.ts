import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { readMigrations } from '../database/migrator.js';
import { ReadinessRepository } from './readiness.repository.js';

/** A readiness probe waits no longer than this for any one check. */
export const CHECK_TIMEOUT_MS = 2_000;
/** Probes from several orchestrators and proxies share one answer for this long. */
export const CHECK_CACHE_MS = 1_000;

/** Runs a check, replacing any driver error by a short reason safe to show. */
async function check(run: () => Promise<boolean>, reason: string): Promise<void> {
  const ok = await run().catch(() => {
    throw new Error('unreachable');
  });
  if (!ok) throw new Error(reason);
}

const CATALOG_PROBLEMS = {
  unpublished: 'no catalog has been published',
  empty: 'the published catalog is empty',
} as const;

/**
 * PostgreSQL as readiness sees it: reachable, migrated to this build's migrations, and
 * holding a published catalog with products (else every lookup would answer `found: false`).
 */
@Injectable()
export class DatabaseIndicators {
  private expected?: Promise<string[]>;

  constructor(
    private readonly health: HealthIndicatorService,
    private readonly repository: ReadinessRepository,
  ) {}

  reachable() {
    return this.health
      .check('database')
      .attempt(() => check(() => this.repository.ping().then(() => true), 'unreachable'))
      .withTimeout(CHECK_TIMEOUT_MS)
      .cacheFor(CHECK_CACHE_MS);
  }

  migrated() {
    return this.health
      .check('migrations')
      .attempt(() =>
        check(async () => {
          this.expected ??= readMigrations().then((all) => all.map((m) => m.name));
          const applied = new Set(await this.repository.appliedMigrations());
          return (await this.expected).every((name) => applied.has(name));
        }, 'migrations are pending'),
      )
      .withTimeout(CHECK_TIMEOUT_MS)
      .cacheFor(CHECK_CACHE_MS);
  }

  catalogPublished() {
    return this.health
      .check('catalog')
      .attempt(async () => {
        const state = await this.repository.catalogState().catch(() => {
          throw new Error('unreachable');
        });
        if (state !== 'published') throw new Error(CATALOG_PROBLEMS[state]);
      })
      .withTimeout(CHECK_TIMEOUT_MS)
      .cacheFor(CHECK_CACHE_MS);
  }
}
