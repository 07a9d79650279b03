import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../../src/config/project-root.js';

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  secrets?: string[];
  user?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
}

export const composePath = () => path.join(projectRoot(), 'docker-compose.yml');

/** `${NAME}`, `${NAME:-default}`, `${NAME:?error}` and `$$`, as Compose interpolates them. */
const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Names of the variables docker-compose.yml reads from the environment. */
export function composeVariables(): string[] {
  const text = readFileSync(composePath(), 'utf8');
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]).filter((n) => n !== undefined))];
}

/** docker-compose.yml, anchors merged, interpolated with `vars` as the environment. */
export function loadCompose(vars: Record<string, string> = {}): ComposeFile {
  const text = readFileSync(composePath(), 'utf8').replace(
    VARIABLE,
    (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (name === undefined) return '$';
      const value = vars[name];
      const unset = value === undefined || (op?.startsWith(':') === true && value === '');
      if (!unset) return value;
      if (op?.endsWith('?')) throw new Error(`compose needs ${name}: ${arg ?? ''}`);
      return op?.endsWith('-') ? (arg ?? '') : '';
    },
  );
  return parse(text, { merge: true }) as ComposeFile;
}

/** The `node dist/….js` scripts a command line runs. */
export function nodeScripts(command: string[]): string[] {
  return [...command.join(' ').matchAll(/node (?:--\S+ )*(dist\/\S+\.js)/g)].map((m) => m[1]!);
}

/** Where compose mounts secret `name` in a container. */
export const SECRETS_DIR = '/run/secrets/';

/** The secrets a text reads from their mount point (`/run/secrets/name`). */
export function secretsRead(text: string): string[] {
  return [...text.matchAll(/\/run\/secrets\/(\w+)/g)].map((m) => m[1]!);
}
