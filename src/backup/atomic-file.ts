import { randomBytes } from 'node:crypto';
import { existsSync, createWriteStream } from 'node:fs';
import { link, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** What write-atomically refuses: an existing file without --force. */
export class FileExistsError extends Error {}

/**
 * Writes `file` through `write` so that it either appears whole or not at all: into a
 * temporary file beside it (same folder, so the rename is atomic), flushed to disk, then
 * renamed to it. A failure or a crash leaves at most the temporary file, never a cut
 * `file`. Created with mode 0600: a backup holds password and key hashes.
 */
export async function writeAtomically<T>(
  file: string,
  options: { force?: boolean },
  write: (out: Writable) => Promise<T>,
): Promise<{ result: T; bytes: number }> {
  if (!options.force && existsSync(file)) {
    throw new FileExistsError(`${file} exists; add --force to replace it`);
  }
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    const out = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    const result = await write(out);
    const handle = await open(temporary, 'r+');
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    // Without --force, a hard link: it fails if the file appeared meanwhile, where a rename
    // would replace it.
    if (options.force) await rename(temporary, file);
    else
      await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST')
          throw new FileExistsError(`${file} exists; add --force to replace it`);
        throw error;
      });
    await syncFolder(path.dirname(file));
    return { result, bytes };
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Makes the rename itself durable; best effort (some file systems refuse a folder's fsync). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
