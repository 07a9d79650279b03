import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Notes what `folder` holds now, and gives what takes away whatever is added to it later: the
 * folder itself (and the parents made for it) when it did not exist, else each entry it did
 * not hold. A restore that fails so leaves no half-made database cluster behind.
 */
export async function folderUndo(folder: string): Promise<() => Promise<void>> {
  let made: string | undefined;
  for (let p = path.resolve(folder); !existsSync(p); p = path.dirname(p)) made = p;
  if (made !== undefined) {
    const top = made;
    return () => rm(top, { recursive: true, force: true });
  }
  const held = new Set(await readdir(folder).catch(() => []));
  return async () => {
    for (const entry of await readdir(folder).catch(() => [])) {
      if (!held.has(entry)) await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  };
}
