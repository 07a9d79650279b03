// Whether an error means "PostgreSQL cannot answer right now" (stopped, restarting,
// unreachable, too slow) rather than a bug. Such errors are answered 503 with Retry-After
// (common/problem.filter.ts): the client should try again, and the service recovers by
// itself because the pool opens fresh connections once the server is back.

/** SQLSTATE classes and codes of an unavailable or overloaded server. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|57014|53300|53400|55P03)$/;

/** Driver-adapter error kinds (@prisma/adapter-pg) of the same situations. */
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/** Prisma's own codes: can't reach, timed out, closed the connection, pool timeout. */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** Node socket errors, and pg's messages for connections that died or never opened. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|canceling statement due to statement timeout|Can't reach database server|Server has closed the connection|did not answer the last connection attempt/i;

type Inspectable = {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  meta?: unknown;
  cause?: unknown;
};

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as Inspectable;
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code)) return true;
    if (UNAVAILABLE_SQLSTATE.test(e.code)) return true;
  }
  if (typeof e.kind === 'string' && UNAVAILABLE_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  const meta = e.meta as { driverAdapterError?: unknown; code?: unknown } | undefined;
  return (
    isDatabaseUnavailable(meta?.driverAdapterError, depth + 1) ||
    (typeof meta?.code === 'string' && UNAVAILABLE_SQLSTATE.test(meta.code)) ||
    isDatabaseUnavailable(e.cause, depth + 1)
  );
}
