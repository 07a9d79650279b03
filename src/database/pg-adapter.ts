import { PrismaPg } from '@prisma/adapter-pg';
import type { AppConfig } from '../config/app-config.js';

/**
 * pg_trgm's operators (`%`, `<%`) read their thresholds from these settings; every
 * connection starts with the values candidate generation was tuned with.
 */
const TRIGRAM_THRESHOLDS =
  '-c pg_trgm.similarity_threshold=0.3 -c pg_trgm.word_similarity_threshold=0.5';

/** The driver adapter of every PrismaClient of the service: primary and replicas alike. */
export function pgAdapter(url: string, config: AppConfig): PrismaPg {
  const { DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_POOL_SIZE } =
    config.env;
  return new PrismaPg({
    connectionString: url,
    options: TRIGRAM_THRESHOLDS,
    max: DATABASE_POOL_SIZE,
    // Every query is bounded twice: the server cancels a slow statement, and the client
    // gives up on a server that stopped answering altogether (a hung host, a dead link),
    // a little later so that the server's cancellation is the one normally seen.
    statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
    query_timeout: DATABASE_STATEMENT_TIMEOUT_MS + 1_000,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // TCP keepalive notices a peer that vanished without closing the connection.
    keepAlive: true,
  });
}
