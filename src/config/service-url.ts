import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './app-config.js';

// Without PUBLIC_BASE_URL, the service records the address it listens on under DATA_DIR, so
// that an admin command run beside it (users create, users link) prints links to where the
// service really is, not to the default port. The service itself never reads the record.

const FILE = 'service-url';

/** Records the address the service listens on (only when PUBLIC_BASE_URL is unset). */
export function recordServiceUrl(config: AppConfig, url: string): void {
  if (config.http.publicBaseUrlSet) return;
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, FILE), `${url}\n`);
}

/** The address the service last recorded, if any. */
export function recordedServiceUrl(config: AppConfig): string | undefined {
  const file = path.join(config.dataDir, FILE);
  if (!existsSync(file)) return undefined;
  const url = readFileSync(file, 'utf8').trim();
  return /^https?:\/\/\S+$/.test(url) ? url : undefined;
}
