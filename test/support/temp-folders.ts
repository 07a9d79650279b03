import { afterAll } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Temporary folders for a test file's files, removed once its tests are done: a run leaves
// nothing behind in the system's temporary folder.

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A new empty folder under the system's temporary folder, named from `prefix`. */
export async function temporaryFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
