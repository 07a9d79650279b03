// What the npm scripts of the command lines share: compile when a source changed
// (scripts/build.mjs --if-stale), then run the built program.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Runs dist/<entry> (e.g. 'src/cli.js') in this process, after building it if stale. */
export async function launch(entry) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'build.mjs'), '--if-stale'],
    { stdio: ['ignore', process.stderr, 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  await import(pathToFileURL(path.join(root, 'dist', entry)).href);
}
