import pg from 'pg';
import { isDatabaseUnavailable } from './database-unavailable.js';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** How long the probe waits for a server that accepted its connection but does not answer. */
const PROBE_WAIT_MS = 10_000;
/** Between probes the server refused outright (it is down, not hung). */
const PROBE_AGAIN_MS = 200;

/** The error of a connection not even tried (database-unavailable.ts reads it as a 503). */
const notTried = () =>
  new Error('Not connecting: the database did not answer the last connection attempt');

/**
 * A pg pool that stops opening connections to a server that did not answer one, and lets a
 * single probe wait for it instead, without a short timeout; the pool opens connections again
 * as soon as the probe is answered. Meanwhile a lookup that finds no idle connection is
 * answered 503 at once.
 *
 * Why: a connection attempt abandoned after DATABASE_CONNECT_TIMEOUT_MS stays in the accept
 * queue of a hung server (SIGSTOP, a stalled host). When it resumes, PostgreSQL starts a
 * backend for every one of them, in order, before it reaches a new one: after 20 s frozen under
 * a light load, 50 were queued and lookups came back 2 to 4 s after it resumed. With the probe,
 * a handful at most are queued (the attempts that found the server hung), and the probe is
 * answered among the first.
 */
export class GatedPool extends pg.Pool {
  private unreachable = false;
  private probing = false;

  constructor(private readonly config: pg.PoolConfig) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (this.unreachable && this.idleCount === 0) {
      if (!callback) return Promise.reject(notTried());
      process.nextTick(() => callback(notTried(), undefined, () => undefined));
      return;
    }
    // Only a new connection says whether the server answers; a wait for a busy one does not.
    const opening = this.idleCount === 0 && this.totalCount < (this.config.max ?? 10);
    const failed = (error: Error) => {
      if (opening && isDatabaseUnavailable(error)) this.probe();
    };
    if (!callback)
      return super.connect().catch((error: Error) => {
        failed(error);
        throw error;
      });
    super.connect((error, client, done) => {
      if (error) failed(error);
      callback(error, client, done);
    });
  }

  /**
   * One connection at a time until the server answers, even with an error of its own. The probe
   * is a connection of the pool's own, opened with a longer wait: answered, it is the first idle
   * connection the lookups find, so the first of them opens none (each takes 0.1 to 0.5 s as a
   * loaded server resumes).
   */
  private probe(): void {
    this.unreachable = true;
    if (this.probing || this.ending) return;
    this.probing = true;
    const answered = () => {
      this.probing = false;
      this.unreachable = false;
    };
    // pg-pool reads the wait as it opens the connection, synchronously, within super.connect.
    const usual = this.options.connectionTimeoutMillis;
    this.options.connectionTimeoutMillis = PROBE_WAIT_MS;
    try {
      super.connect((error, client, done) => {
        if (client) {
          done();
          return answered();
        }
        // A SQLSTATE is the server's own answer (too many connections, a bad password…).
        if (typeof (error as { severity?: unknown } | undefined)?.severity === 'string')
          return answered();
        setTimeout(() => {
          this.probing = false;
          if (!this.ending) this.probe();
        }, PROBE_AGAIN_MS).unref();
      });
    } finally {
      this.options.connectionTimeoutMillis = usual;
    }
  }
}
