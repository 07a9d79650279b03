import { stat } from 'node:fs/promises';

// How every admin command names a file it cannot use: "cannot read FILE (ENOENT)", one line
// with the system's code, which is what an admin looks up. A folder given for a file is
// found here by stat: opening a folder succeeds, and only a later read fails, in words
// ("EISDIR: illegal operation on a directory, read") that do not name the file.

/** A file a command cannot read or write. */
export class FileAccessError extends Error {}

/** "cannot read FILE (CODE)" (or write) for a failed file-system call on `file`. */
export function fileAccessError(
  action: 'read' | 'write',
  file: string,
  error: unknown,
): FileAccessError {
  const code =
    (error as NodeJS.ErrnoException | undefined)?.code ??
    (error instanceof Error ? error.message : String(error));
  return new FileAccessError(`cannot ${action} ${file} (${code})`);
}

/** A folder where a file is wanted, worded as the system's EISDIR. */
export function isAFolder(action: 'read' | 'write', file: string): FileAccessError {
  return new FileAccessError(`cannot ${action} ${file} (EISDIR: it is a folder)`);
}

/**
 * What `file` is, checked before it is read: 'file', or 'folder' when `folders` allows one;
 * otherwise a FileAccessError.
 */
export async function readablePath(
  file: string,
  options: { folders?: boolean } = {},
): Promise<'file' | 'folder'> {
  const info = await stat(file).catch((error: unknown) => {
    throw fileAccessError('read', file, error);
  });
  if (!info.isDirectory()) return 'file';
  if (options.folders) return 'folder';
  throw isAFolder('read', file);
}
