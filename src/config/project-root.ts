import { existsSync } from 'node:fs';
import path from 'node:path';

let root: string | undefined;

/**
 * The repository root (the folder holding package.json), found from this file so that
 * sources under src/ and their build under dist/src/ resolve prisma/ the same way.
 */
export function projectRoot(): string {
  if (root) return root;
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.dirname);
    dir = parent;
  }
  root = dir;
  return root;
}
