#!/usr/bin/env node
// node scripts/parallel.mjs 'COMMAND' 'COMMAND' …: runs shell commands side by side and fails
// when any fails. npm test runs its checks this way: ESLint alone takes about as long as
// Prettier, the layering check, the type check and the build one after the other, and each is
// a single process, so on two cores the two lanes finish in about half the time. Each lane's
// output is printed in one piece when it ends, so lanes never interleave.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2);
const results = await Promise.all(
  lanes.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          process.stderr.write(Buffer.concat(output));
          resolve({ command, code: code ?? (signal ? 1 : 0) });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
for (const { command, code } of failed) process.stderr.write(`failed (${code}): ${command}\n`);
process.exit(failed.length > 0 ? 1 : 0);
