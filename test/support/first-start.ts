import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_START_FILE } from '../../src/first-start-secrets.js';

export interface FirstStartSecrets {
  file: string;
  /** Its permission bits (0o600 expected). */
  mode: number;
  key: string;
  /** The dashboard admin's one-time set-password link. */
  link: string;
}

/**
 * The first key and the admin's link of an embedded default's first start without a terminal
 * (as the tests start it): from the file under DATA_DIR, never from the log.
 */
export async function readFirstStartSecrets(dataDir: string): Promise<FirstStartSecrets> {
  const file = path.join(dataDir, FIRST_START_FILE);
  const text = await readFile(file, 'utf8');
  const key = /Your first API key \(shown once; store it now\): (pi_[\w-]+)/.exec(text)?.[1];
  const link = /Dashboard admin admin@localhost: set your password at (http:\/\/\S+)/.exec(
    text,
  )?.[1];
  if (!key || !link) throw new Error(`${file} holds no key or no link:\n${text}`);
  return { file, mode: (await stat(file)).mode & 0o777, key, link };
}
