import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { projectRoot } from '../../src/config/project-root.js';

// Small process helpers the benches share.

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A line of /proc/<pid>/status in MiB (VmRSS, VmHWM), or 0 once the process is gone. */
export async function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Runs `node ARGS` from `cwd` (the project root) to completion: wall time and peak resident
 * memory (VmHWM, sampled from /proc because the kernel forgets it at exit). Stdout goes to the
 * terminal or to a file; a non-zero exit throws.
 */
export async function runNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdoutFile?: string,
  cwd = projectRoot(),
) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = stdoutFile === undefined ? undefined : createWriteStream(stdoutFile);
  child.stdout.pipe(file ?? process.stdout);
  child.stderr.pipe(process.stderr);
  let peakMb = 0;
  const sampler = setInterval(() => {
    void procStatusMb(child.pid!, 'VmHWM').then((mb) => (peakMb = Math.max(peakMb, mb)));
  }, 100);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (file) await finished(file); // flushed before the caller reads or renames it
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  return { seconds: (performance.now() - started) / 1000, peakMb };
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name, or undefined once the process is gone. */
async function statFields(pid: number): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user and system) used so far by a process and, with `children`, by the
 * processes it started: a PostgreSQL postmaster and its backends, those still running and
 * those it has reaped (a pool closes idle connections between runs).
 */
export async function cpuSeconds(pid: number, children = false): Promise<number> {
  const pids = [pid];
  if (children) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = await statFields(Number(entry));
      if (fields && Number(fields[1]) === pid) pids.push(Number(entry)); // ppid
    }
  }
  let ticks = 0;
  for (const each of pids) {
    const fields = await statFields(each);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  if (children) {
    const fields = await statFields(pid);
    if (fields) ticks += Number(fields[13]) + Number(fields[14]); // cutime, cstime: reaped
  }
  return ticks / TICKS_PER_SECOND;
}

/** The node flags of `npm run start:prod` (`node <flags> dist/src/main.js`). */
export async function startProdNodeArgs(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = pkg.scripts['start:prod']!.split(' ');
  if (node !== 'node' || args.at(-1) !== 'dist/src/main.js')
    throw new Error('start:prod is expected to be "node <flags> dist/src/main.js"');
  return args.slice(0, -1);
}
