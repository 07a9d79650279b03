import { z } from 'zod';
import { SOURCE_TYPES, type SourceType } from '../taxonomy/taxonomy.js';
import { readSecretFiles, SECRET_VARIABLES, withPassword } from './secret-files.js';

// Unset and empty are the same thing for every variable ("DATABASE_URL=" means embedded).
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/** "lab_test:1.5,community:0.75": weights of source types, the rest keep their defaults. */
const sourceWeights = z.string().transform((text, ctx) => {
  const weights: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [type, value] = part.split(':').map((s) => s.trim());
    const weight = Number(value);
    if (!SOURCE_TYPES.includes(type as SourceType) || !(weight >= 0)) {
      ctx.addIssue({ code: 'custom', message: `expected source_type:weight pairs, got "${part}"` });
      return z.NEVER;
    }
    weights[type!] = weight;
  }
  return weights;
});

/** NAME_FILE for each secret: a file read at boot instead of NAME (secret-files.ts). */
const secretFileVariables = Object.fromEntries(
  SECRET_VARIABLES.map((name) => [`${name}_FILE`, optional(z.string())]),
) as Record<`${(typeof SECRET_VARIABLES)[number]}_FILE`, ReturnType<typeof optional<z.ZodString>>>;

/** Every environment variable the service reads, validated once at boot. */
export const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
    HOST: optional(z.string()).default('127.0.0.1'),
    PORT: optional(port).default(3000),
    LOG_LEVEL: optional(z.enum(['error', 'warn', 'log', 'debug', 'verbose'])).default('log'),
    /** json: one JSON line per event; pretty: lines for a person. Unset: pretty on a terminal. */
    LOG_FORMAT: optional(z.enum(['json', 'pretty'])),
    /** PostgreSQL to use. Unset: the embedded server under DATA_DIR. */
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
    /** DATABASE_URL's password, when the URL holds none (and of replicas that hold none). */
    DATABASE_PASSWORD: optional(z.string()),
    DATA_DIR: optional(z.string()).default('data'),
    EMBEDDED_DATABASE_PORT: optional(port.min(1)).default(54329),
    /** Apply pending migrations at boot (under an advisory lock). */
    MIGRATE_ON_START: optional(flag).default(true),
    /** Load the demo catalog into an empty catalog at boot. The embedded default always does. */
    SEED_DEMO_CATALOG: optional(flag).default(false),
    /** The service's public address, under which tracked purchase links are served. */
    PUBLIC_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
    /**
     * Origins whose pages may call /mcp (comma-separated, e.g. https://app.example.com), and
     * whose host names requests may carry. Default: PUBLIC_BASE_URL's origin.
     */
    MCP_ALLOWED_ORIGINS: optional(
      z
        .string()
        .transform((text) => text.split(',').map((origin) => origin.trim()))
        .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1)),
    ),
    /** Secret that signs purchase links (32+ characters). Required in production. */
    LINK_SIGNING_SECRET: optional(z.string().min(32)),
    /**
     * Express's "trust proxy": which proxies' X-Forwarded-For to believe for the client's
     * address (sign-in throttling). A hop count ("1"), or addresses and subnets. Unset: none.
     */
    TRUST_PROXY: optional(
      z.string().transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
    ),
    /** Lookups per key in any rolling window (docs/decisions.md, Rate limits); at least a batch. */
    QUOTA_LIMIT: optional(z.coerce.number().int().min(5).max(1_000_000)).default(120),
    /** Length of the rolling window, in seconds. */
    QUOTA_WINDOW_SECONDS: optional(z.coerce.number().int().min(1).max(86_400)).default(60),
    /** Redis shared by every instance for the rate budget. Unset: in-process memory. */
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
    /** REDIS_URL's password, when the URL holds none. */
    REDIS_PASSWORD: optional(z.string()),
    /** Memory of each password hash (argon2id), in MiB: OWASP's floor at least. */
    PASSWORD_HASH_MEMORY_MIB: optional(z.coerce.number().int().min(19).max(1024)).default(64),
    /** Memory for cached answers, in MiB (0 turns the cache off). */
    LOOKUP_CACHE_MB: optional(z.coerce.number().int().min(0).max(4096)).default(32),
    /** Memory for the catalog's search names held in the service, in MiB (0: read them). */
    CANDIDATE_INDEX_MB: optional(z.coerce.number().int().min(0).max(65_536)).default(32),
    /** Record refused names for review (docs/operations.md, Names people asked for). */
    ASKED_NAMES_RECORD: optional(flag).default(true),
    /** Refused names not asked for this many days are dropped. */
    ASKED_NAMES_RETENTION_DAYS: optional(z.coerce.number().int().min(1).max(3650)).default(90),
    /** At most this many refused names are kept: the most asked when full. */
    ASKED_NAMES_MAX: optional(z.coerce.number().int().min(100).max(10_000_000)).default(100_000),
    /** Weights of source types in criterion scores (docs/decisions.md, Synthesis). */
    SYNTHESIS_SOURCE_WEIGHTS: optional(sourceWeights).default({}),
    /** The prior's weight, as a fraction of the lightest source type's (at most one source). */
    SYNTHESIS_PRIOR_STRENGTH: optional(z.coerce.number().min(0).max(1)).default(1),
    /** PostgreSQL cancels any statement running longer than this (statement_timeout). */
    DATABASE_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(100)).default(5_000),
    /** Giving up on opening a PostgreSQL connection after this long. */
    DATABASE_CONNECT_TIMEOUT_MS: optional(z.coerce.number().int().min(100)).default(2_000),
    /** Connections per process in the PostgreSQL pool. */
    DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(1_000)).default(10),
    /** A request's line and headers must arrive within this long, else 408. */
    HTTP_HEADERS_TIMEOUT_MS: optional(z.coerce.number().int().min(1_000)).default(10_000),
    /** A whole request (headers and body) must arrive within this long, else 408. */
    HTTP_REQUEST_TIMEOUT_MS: optional(z.coerce.number().int().min(1_000)).default(30_000),
    /** On SIGTERM, how long in-flight requests may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(0)).default(10_000),
    /** PostgreSQL streaming replicas that lookups read from, comma-separated. */
    DATABASE_REPLICA_URLS: optional(
      z
        .string()
        .transform((text) =>
          text
            .split(',')
            .map((url) => url.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ }))),
    ).default([]),
    /** A replica further behind the primary than this many bytes of WAL is skipped. */
    DATABASE_REPLICA_MAX_LAG_BYTES: optional(z.coerce.number().int().min(0)).default(
      16 * 1024 * 1024,
    ),
    /** Bearer token that opens /metrics on the service's port (16+ characters). */
    METRICS_TOKEN: optional(z.string().min(16)),
    /** Serve /metrics on this separate port (no token) instead of the service's port. */
    METRICS_PORT: optional(port),
    /** Address of the metrics port; keep it private (default: loopback). */
    METRICS_HOST: optional(z.string()).default('127.0.0.1'),
    ...secretFileVariables,
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    for (const [password, url] of [
      ['DATABASE_PASSWORD', env.DATABASE_URL],
      ['REDIS_PASSWORD', env.REDIS_URL],
    ] as const) {
      if (env[password] === undefined) continue;
      if (url === undefined || new URL(url).password) {
        const which = password.replace('PASSWORD', 'URL');
        ctx.addIssue({
          code: 'custom',
          path: [password],
          message: url ? `${which} holds a password already` : `needs ${which}`,
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.LINK_SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_SIGNING_SECRET'],
        message: 'is required in production',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * Parses the environment or throws one readable error naming every bad variable. Secrets
 * given as files are read first; passwords given apart go into their URLs.
 */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const { env, problems } = readSecretFiles(source);
  const result = envSchema.safeParse(env);
  if (!result.success) {
    problems.push(
      ...result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  if (problems.length > 0 || !result.success) {
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const parsed = result.data;
  const { DATABASE_URL, DATABASE_PASSWORD, REDIS_URL, REDIS_PASSWORD } = parsed;
  return {
    ...parsed,
    DATABASE_URL: DATABASE_URL && withPassword(DATABASE_URL, DATABASE_PASSWORD),
    DATABASE_REPLICA_URLS: parsed.DATABASE_REPLICA_URLS.map((url) =>
      withPassword(url, DATABASE_PASSWORD),
    ),
    REDIS_URL: REDIS_URL && withPassword(REDIS_URL, REDIS_PASSWORD),
  };
}
