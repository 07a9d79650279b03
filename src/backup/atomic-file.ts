import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileAccessError, isAFolder } from '../common/file-access.js';

/** What an atomic file refuses: an existing file without --force. */
export class FileExistsError extends Error {}

const exists = (file: string) => new FileExistsError(`${file} exists; add --force to replace it`);

/**
 * A file that either appears whole or not at all: written into a temporary file beside it
 * (same folder, so the rename is atomic), flushed to disk, then renamed to it. A failure or a
 * crash leaves at most the temporary file, never a cut file. Created with mode 0600: a backup
 * holds password and key hashes.
 */
export class AtomicFile {
  private constructor(
    private readonly file: string,
    private readonly force: boolean,
    private readonly temporary: string,
    /** Where the content is written. */
    readonly out: Writable,
  ) {}

  /**
   * Creates the temporary file, so that a file that cannot be written (no such folder, no
   * permission, a folder in its place) is refused before any work is done for it.
   */
  static async create(file: string, options: { force?: boolean }): Promise<AtomicFile> {
    const force = options.force ?? false;
    if (!force && existsSync(file)) throw exists(file);
    if (force && (await stat(file).catch(() => undefined))?.isDirectory())
      throw isAFolder('write', file);
    const temporary = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
    );
    const handle = await open(temporary, 'wx', 0o600).catch((error: unknown) => {
      throw fileAccessError('write', file, error);
    });
    return new AtomicFile(file, force, temporary, handle.createWriteStream());
  }

  /** Once `out` has finished: flushes the file to disk and renames it; returns its size. */
  async commit(): Promise<number> {
    try {
      const handle = await open(this.temporary, 'r+');
      let bytes: number;
      try {
        await handle.sync();
        bytes = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
      // Without --force, a hard link: it fails if the file appeared meanwhile, where a rename
      // would replace it.
      const replace = this.force ? rename : link;
      await replace(this.temporary, this.file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST'
          ? exists(this.file)
          : fileAccessError('write', this.file, error);
      });
      await syncFolder(path.dirname(this.file));
      return bytes;
    } finally {
      await this.discard();
    }
  }

  /** Removes the temporary file (after a failure, or once linked); the file is untouched. */
  async discard(): Promise<void> {
    this.out.destroy();
    await rm(this.temporary, { force: true });
  }
}

/** Makes the rename itself durable; best effort (some file systems refuse a folder's fsync). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
