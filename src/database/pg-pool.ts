import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { MIN_SIMILARITY } from '../names/search-terms.js';
import { GatedPool } from './gated-pool.js';

/** The pg pool of every database client of the service: primary and replicas alike. */
export function createPgPool(url: string, config: AppConfig): pg.Pool {
  const { statementTimeoutMs, connectTimeoutMs, poolSize } = config.database;
  // Gated: no pile of abandoned connection attempts while the server hangs (gated-pool.ts).
  const pool = new GatedPool({
    connectionString: url,
    max: poolSize,
    // Every query is bounded twice: the server cancels a slow statement, and the client
    // gives up on a server that stopped answering altogether (a hung host, a dead link),
    // a little later so that the server's cancellation is the one normally seen.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    connectionTimeoutMillis: connectTimeoutMs,
    // TCP keepalive notices a peer that vanished without closing the connection.
    keepAlive: true,
    // The named statements of every lookup are planned once per connection. PostgreSQL
    // otherwise plans them afresh for their arrays of terms on most executions, which cost
    // more than running them (bench/RESULTS.md). Prisma's own statements are unnamed, so
    // they are planned for their values as before. The misspelt-word search takes only words
    // at least MIN_SIMILARITY similar (`%`, lookup.repository.ts): the resolver's own floor for
    // a close word, whatever the server's default.
    options: [
      '-c plan_cache_mode=force_generic_plan',
      `-c pg_trgm.similarity_threshold=${MIN_SIMILARITY}`,
    ].join(' '),
  });
  // An idle connection the server ends (a restart, a failover, a dropped database) is
  // discarded by the pool; the error it emits must not crash the process, including after
  // Prisma has let go of the pool on shutdown.
  pool.on('error', () => undefined);
  return pool;
}
