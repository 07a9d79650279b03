import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The first key and the admin's set-password link are secrets: a log line carrying them
// reaches whoever reads the logs (a collector, a support bundle). A person at a terminal
// reads them there, outside the log; without a terminal (a container, stdout to a file) they
// go to a file only the service's user can read, and the log says where, as GitLab does with
// its initial root password.

export const FIRST_START_FILE = 'first-start-secrets.txt';

/** Writes the secrets to a file in `dataDir` that only this user can read; returns its path. */
export function writeFirstStartSecrets(secrets: string, dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, FIRST_START_FILE);
  const text = [
    `Product Intelligence, first start at ${new Date().toISOString()}.`,
    'Store the key and set the password, then delete this file.',
    '',
    secrets,
    '',
  ].join('\n');
  // 0600 from creation on; chmod too, in case a file of that name was there before.
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
