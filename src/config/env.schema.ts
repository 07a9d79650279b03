import { z } from 'zod';

// Unset and empty are the same thing for every variable ("DATABASE_URL=" means embedded).
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/** Every environment variable the service reads, validated once at boot. */
export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  HOST: optional(z.string()).default('127.0.0.1'),
  PORT: optional(port).default(3000),
  LOG_LEVEL: optional(z.enum(['error', 'warn', 'log', 'debug', 'verbose'])).default('log'),
  /** PostgreSQL to use. Unset: the embedded server under DATA_DIR. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: optional(z.string()).default('data'),
  EMBEDDED_DATABASE_PORT: optional(port.min(1)).default(54329),
  /** Apply pending migrations at boot (under an advisory lock). */
  MIGRATE_ON_START: optional(flag).default(true),
  /** Load the demo catalog into an empty catalog at boot. The embedded default always does. */
  SEED_DEMO_CATALOG: optional(flag).default(false),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment or throws one readable error naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}
