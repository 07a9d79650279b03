#!/usr/bin/env node
// npm run build: `nest build` (the Nest CLI; nest-cli.json names tsconfig.build.json, which
// compiles src/, bench/ and tools/ into dist/), then stamps dist/.build-stamp.
// With --if-stale (npm start and the admin commands), it compiles only when a source file is
// newer than the stamp, so a command starts in a fraction of a second when nothing changed.
// The stamp is written only after a build that succeeded, with the time it began: a file saved
// during a build, or a build that failed, leaves the next command to build again.
// Where there is no src/ (the container image ships dist/ only), there is nothing to check.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STAMP = path.join(root, 'dist', '.build-stamp');
const INPUTS = [
  'src',
  'bench',
  'tools',
  'clients',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'package.json',
];

/** The newest modification time under a file or folder (ms), 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(target))
    latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

function stale() {
  if (!existsSync(path.join(root, 'src'))) return false;
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newest(path.join(root, input)) > built);
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
const started = Date.now();
const nest = path.join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
const result = spawnSync(process.execPath, [nest, 'build'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(STAMP, `${new Date(started).toISOString()}\n`);
utimesSync(STAMP, new Date(started), new Date(started));
