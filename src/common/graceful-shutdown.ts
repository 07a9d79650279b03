import { Logger, type INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { ShutdownState } from './shutdown-state.js';

/** How often connections that fell idle during a shutdown are closed. */
const IDLE_SWEEP_MS = 100;
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * On SIGTERM (or SIGINT): readiness turns 503, the listener stops accepting, requests in
 * flight finish, what was gathered in memory is written (usage counts, last-used times:
 * their `onModuleDestroy`), and only then are PostgreSQL and Redis closed (their
 * `beforeApplicationShutdown`) and the embedded server stopped (`onApplicationShutdown`).
 * Nest's own shutdown hooks would close the database under requests still running.
 * Whatever is still running after `timeoutMs` is abandoned: the process exits 1 rather
 * than hang. Log lines are written synchronously (logging.ts), so the last one is never lost.
 */
export function closeGracefullyOnSignals(app: INestApplication, timeoutMs: number): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing in-flight requests (at most ${timeoutMs} ms)`);
    app.get(ShutdownState).shuttingDown = true;
    const deadline = setTimeout(() => {
      logger.error(`In-flight requests did not finish within ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs);
    void shutDown(app).then(
      () => {
        clearTimeout(deadline);
        logger.log('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  // These signals are the service's alone. A library may have hooked them before: the
  // embedded PostgreSQL's exit hook stops the database at once, under the requests and the
  // writes above, and ends the process after its own 10 s, before the deadline's line is
  // logged. The embedded server is stopped in order instead (database/database-server.ts).
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    // Repeated signals are ignored: the deadline already bounds the shutdown.
    process.on(signal, onSignal);
  }
}

async function shutDown(app: INestApplication): Promise<void> {
  const server = app.getHttpServer() as Server;
  // Keep-alive connections are closed as soon as they are between requests, so clients
  // move to another instance instead of sending their next request here.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  } finally {
    clearInterval(sweep);
  }
  await app.close();
}
