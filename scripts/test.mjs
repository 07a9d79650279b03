#!/usr/bin/env node
// npm test: the build, then the unit and e2e tests (jest; arguments go to it), with the checks
// beside them: ESLint, Prettier and the layering check (npm run lint), then tsc --noEmit (npm
// run typecheck). The checks need no server and each is a single process, while most of the
// tests' time is spent waiting on PostgreSQL, server processes and a browser; run one after
// the other, the checks took two of a CI run's minutes on two cores, and beside the tests they
// cost it little. Any failure stops the rest and fails the run; the tests' output streams as
// it comes, the checks' is printed in one piece when they end, so the two never interleave.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const running = new Set();

/** Runs a command as a process group of its own (so that it can be stopped whole). */
function run(command, args, { buffered = false, shell = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    shell,
    detached: true,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  running.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ ok: code === 0, code, signal, output: Buffer.concat(output) });
    }),
  );
  return { child, done };
}

function stopAll(signal = 'SIGTERM') {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function fail(what, result) {
  if (result.output.length > 0) process.stderr.write(result.output);
  process.stderr.write(`npm test: ${what} failed (exit code ${result.code ?? result.signal})\n`);
  stopAll();
  process.exit(1);
}

// Ctrl-C, or a CI's SIGTERM, stops every lane, not only this process.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });

const checks = run('npm run -s lint && npm run -s typecheck', [], { buffered: true, shell: true });
let checked;
void checks.done.then((result) => {
  checked = result;
  if (!result.ok) fail('the checks (npm run lint, npm run typecheck)', result);
});

const built = await run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]).done;
if (!built.ok) fail('the build', built);

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const flags = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
const tests = await run(process.execPath, [...flags, jest, ...process.argv.slice(2)]).done;
if (!tests.ok) fail('the tests', tests);

checked ??= await checks.done;
if (checked.output.length > 0) process.stderr.write(checked.output);
if (!checked.ok) fail('the checks (npm run lint, npm run typecheck)', checked);
