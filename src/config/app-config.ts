import { Injectable } from '@nestjs/common';
import path from 'node:path';
import type { Env } from './env.schema.js';
import type { SourceType } from '../taxonomy/taxonomy.js';
import { projectRoot } from './project-root.js';

export interface QuotaPolicy {
  limit: number;
  windowMs: number;
}

export interface SynthesisConfig {
  sourceWeights: Record<SourceType, number>;
  priorStrength: number;
}

/** Lab tests measure, experts compare, owners report, forums gossip. */
export const DEFAULT_SOURCE_WEIGHTS: Record<SourceType, number> = {
  lab_test: 1.5,
  expert_review: 1.25,
  user_reviews: 1,
  community: 0.75,
};

/**
 * The one typed view of the configuration, built from the validated environment and read
 * in groups (`config.database`, `config.http`, ...): no other file reads a variable.
 */
@Injectable()
export class AppConfig {
  constructor(private readonly env: Env) {}

  get databaseUrl(): string | undefined {
    return this.env.DATABASE_URL;
  }

  /** PostgreSQL: the pool's bounds, the replicas, the embedded default, migrations. */
  get database() {
    const e = this.env;
    return {
      url: e.DATABASE_URL,
      poolSize: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      replicaUrls: e.DATABASE_REPLICA_URLS,
      replicaMaxLagBytes: e.DATABASE_REPLICA_MAX_LAG_BYTES,
      embeddedPort: e.EMBEDDED_DATABASE_PORT,
      migrateOnStart: e.MIGRATE_ON_START,
    };
  }

  /** The HTTP server: where it listens, its timeouts, the proxy in front of it. */
  get http() {
    const e = this.env;
    return {
      host: e.HOST,
      port: e.PORT,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      trustProxy: e.TRUST_PROXY,
      /** PUBLIC_BASE_URL as set, or undefined (publicBaseUrl falls back to HOST and PORT). */
      publicBaseUrlSet: e.PUBLIC_BASE_URL,
    };
  }

  /** Redis for the shared rate budget; unset, one instance keeps it in memory. */
  get redis() {
    return { url: this.env.REDIS_URL };
  }

  /** The Prometheus endpoint: its token, and its own port if it has one. */
  get metrics() {
    const e = this.env;
    return { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST };
  }

  /** Log level and format (common/logging.ts). */
  get logging() {
    return { level: this.env.LOG_LEVEL, format: this.env.LOG_FORMAT };
  }

  /** The demo catalog: whether to seed it into an empty catalog, and where it is. */
  get demoCatalog() {
    return { seed: this.env.SEED_DEMO_CATALOG, file: this.demoCatalogFile };
  }

  /** The answer cache's size in MiB, as asked (the heap may allow less). */
  get lookupCacheMb(): number {
    return this.env.LOOKUP_CACHE_MB;
  }

  /** The most memory a publication's candidate index may take, in MiB (0: none held). */
  get candidateIndexMb(): number {
    return this.env.CANDIDATE_INDEX_MB;
  }

  /** Whether refused names are recorded, for how long, and how many at most. */
  get askedNames() {
    return {
      record: this.env.ASKED_NAMES_RECORD,
      retentionMs: this.env.ASKED_NAMES_RETENTION_DAYS * 86_400_000,
      max: this.env.ASKED_NAMES_MAX,
    };
  }

  /** The memory each dashboard password's hash takes, in MiB (dashboard/passwords.ts). */
  get passwordHashMemoryMib(): number {
    return this.env.PASSWORD_HASH_MEMORY_MIB;
  }

  /** The secret tracked links are signed with; unset, one persisted under DATA_DIR. */
  get linkSigningSecret(): string | undefined {
    return this.env.LINK_SIGNING_SECRET;
  }

  /** Absolute data folder of the embedded default. */
  get dataDir(): string {
    return path.resolve(projectRoot(), this.env.DATA_DIR);
  }

  /** Source-type weights and prior strength of criterion scores (documented defaults). */
  get synthesis(): SynthesisConfig {
    return {
      sourceWeights: { ...DEFAULT_SOURCE_WEIGHTS, ...this.env.SYNTHESIS_SOURCE_WEIGHTS },
      priorStrength: this.env.SYNTHESIS_PRIOR_STRENGTH,
    };
  }

  /** Where clients reach this service: tracked links and the OpenAPI servers entry. */
  get publicBaseUrl(): string {
    return (this.env.PUBLIC_BASE_URL ?? `http://${this.env.HOST}:${this.env.PORT}`).replace(
      /\/+$/,
      '',
    );
  }

  /** The origins whose pages may call MCP, and whose host names requests may carry. */
  get mcpAllowedOrigins(): string[] {
    return this.env.MCP_ALLOWED_ORIGINS ?? [this.publicBaseUrl];
  }

  /** The rate budget of every key: `limit` lookups in any rolling `windowMs`. */
  get quota(): QuotaPolicy {
    return { limit: this.env.QUOTA_LIMIT, windowMs: this.env.QUOTA_WINDOW_SECONDS * 1000 };
  }

  get demoCatalogFile(): string {
    return path.join(projectRoot(), 'prisma', 'demo-catalog.jsonl');
  }
}
