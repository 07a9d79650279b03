#!/usr/bin/env node
// npm run start:dev: the service, restarted on every change. tsc --watch compiles what
// changed into dist/, and node --watch restarts the service when a file it loaded changes,
// both built into what the project already has (no Nest CLI, whose dependencies need Node 22).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const children = [
  spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch', 'dist/src/main.js'], { cwd: root, stdio: 'inherit' }),
];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
// Stopped (Ctrl-C, which also reaches both children, or a signal to this process alone), or
// one child ended: the other is stopped too, and this process ends after both. The service
// ignores a second signal, so both arriving does no harm.
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode ||= code ?? 0;
  });
}
