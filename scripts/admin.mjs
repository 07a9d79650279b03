#!/usr/bin/env node
// npm run keys -- list (and every admin command): compiles when a source changed
// (scripts/build.mjs --if-stale), then runs the admin command line, dist/src/cli.js.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], {
  stdio: ['ignore', process.stderr, 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
await import(pathToFileURL(path.join(root, 'dist', 'src', 'cli.js')).href);
