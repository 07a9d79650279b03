import { readFileSync } from 'node:fs';

/**
 * Variables that may be given as a file instead, as `NAME_FILE=/run/secrets/name` (the
 * convention of the official PostgreSQL and Redis images): Compose and Kubernetes secrets
 * are files, so the secret stays out of the environment `docker inspect` shows.
 */
export const SECRET_VARIABLES = [
  'LINK_SIGNING_SECRET',
  'METRICS_TOKEN',
  'DATABASE_PASSWORD',
  'REDIS_PASSWORD',
] as const;

/**
 * The environment with every `NAME_FILE` read into `NAME`, and the problems met doing so:
 * both forms set, or a file that cannot be read. One trailing line break is not part of the
 * secret (`echo secret > file` writes one).
 */
export function readSecretFiles(source: NodeJS.ProcessEnv): {
  env: NodeJS.ProcessEnv;
  problems: string[];
} {
  const env = { ...source };
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const file = source[`${name}_FILE`];
    if (!file) continue;
    if (source[name]) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      problems.push(`${name}_FILE: cannot read ${file} (${code})`);
    }
  }
  return { env, problems };
}

/**
 * `url` with `password` as its password, unless it names none of its own. Percent-encoded, so
 * a password may hold any character.
 */
export function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  const parsed = new URL(url);
  if (parsed.password) return url;
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}
