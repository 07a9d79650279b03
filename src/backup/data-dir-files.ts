import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { LINK_SIGNING_SECRET_FILE } from '../config/data-dir-files.js';

// Besides the database, the service reads one file of DATA_DIR that a restore must bring
// back: the secret purchase links are signed with, when LINK_SIGNING_SECRET does not set one.
// Without it, links in answers would change and every link already handed out would stop
// working. The embedded cluster's password file is not carried: a restore makes its own.

/** The DATA_DIR files a backup carries, by name. */
export async function readDataDirFiles(config: AppConfig): Promise<Record<string, string>> {
  const file = path.join(config.dataDir, LINK_SIGNING_SECRET_FILE);
  if (config.linkSigningSecret !== undefined || !existsSync(file)) return {};
  return { [LINK_SIGNING_SECRET_FILE]: (await readFile(file, 'utf8')).trim() };
}

/**
 * Writes back the files of a backup that this configuration reads; returns their names. Only
 * names this version knows are written: a file's name never chooses a path.
 */
export async function writeDataDirFiles(
  config: AppConfig,
  files: Record<string, string>,
): Promise<string[]> {
  const secret = files[LINK_SIGNING_SECRET_FILE];
  if (secret === undefined || config.linkSigningSecret !== undefined) return [];
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, LINK_SIGNING_SECRET_FILE);
  await writeFile(`${file}.partial`, secret + '\n', { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return [LINK_SIGNING_SECRET_FILE];
}
