import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, stdTimeFunctions, type LevelWithSilent, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { PinoPretty } from 'pino-pretty';
import type { Env } from '../config/env.schema.js';
import { assignRequestId } from './request-id.js';

const PINO_LEVELS: Record<Env['LOG_LEVEL'], LevelWithSilent> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Long enough to tell routes apart, short enough that a huge URL cannot flood the log. */
const MAX_LOGGED_PATH = 200;

/**
 * Every secret of the service that can be in a URL path (a one-time set-password token, 43
 * characters; a purchase link's signature, 22; an API key pasted into a path, 44) is a run of
 * at least this many URL-safe base64 characters, and no fixed segment of a route is as long
 * (`product-intelligence` is 20). A segment holding such a run is logged as `:redacted`,
 * whatever the route, so a mistyped route or a 404 leaks no token either.
 */
const TOKEN_RUN = /[A-Za-z0-9_-]{22,}/;

/**
 * The path alone, secrets redacted: a query string can carry anything a client typed, a
 * misplaced key included, so it is never logged. Headers are not logged either
 * (Authorization, cookies).
 */
export function loggedPath(req: IncomingMessage & { originalUrl?: string }): string {
  // Express rewrites req.url under a middleware's mount path; originalUrl is what was asked.
  const url = req.originalUrl ?? req.url ?? '';
  const path = (url.split('?', 1)[0] ?? '')
    .split('/')
    .map((segment) => (TOKEN_RUN.test(segment) ? ':redacted' : segment))
    .join('/');
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

type Logged = Record<string, unknown> & {
  msg?: string;
  context?: string;
  req?: { method?: string; path?: string };
  res?: { status?: number };
  responseTime?: number;
};

/** One line a person reads: "[Context] message", or "GET /path 200 3 ms" for a request. */
function prettyMessage(log: Logged): string {
  if (log.req && log.res) {
    return `${log.req.method} ${log.req.path} ${log.res.status} ${log.responseTime} ms`;
  }
  return log.context ? `[${log.context}] ${log.msg ?? ''}` : (log.msg ?? '');
}

/** pretty on a terminal unless LOG_FORMAT says otherwise; JSON lines everywhere else. */
export function prettyLogs(
  format: Env['LOG_FORMAT'],
  stream: { isTTY?: boolean } = process.stdout,
): boolean {
  return format ? format === 'pretty' : stream.isTTY === true;
}

/** The service's one pino logger, on stdout. */
export function createRootLogger(logging: {
  level: Env['LOG_LEVEL'];
  format: Env['LOG_FORMAT'];
}): Logger {
  const options = {
    level: PINO_LEVELS[logging.level],
    timestamp: stdTimeFunctions.isoTime,
    base: { service: 'product-intelligence' },
  };
  // Written synchronously: a line logged just before the process exits (a shutdown's last
  // words, its deadline) is in the log, never in a buffer the exit drops, and writing takes
  // nothing from libuv's thread pool, which password hashes and new connections need.
  if (!prettyLogs(logging.format)) return pino(options, pino.destination({ dest: 1, sync: true }));
  const pretty = PinoPretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,context,req,res,responseTime,request_id',
    messageFormat: (log) => prettyMessage(log),
  });
  return pino(options, pretty);
}

/**
 * One line per answered request, carrying its `request_id`, which is also echoed in
 * X-Request-Id and in problem details' `instance`. No request context is kept for the
 * lines logged while a request runs: AsyncLocalStorage costs every promise on Node 20
 * (bench/RESULTS.md), and the one line that needs the id, a 5xx's cause, is given it.
 */
export function createRequestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => assignRequestId(req, res),
    customAttributeKeys: { reqId: 'request_id' },
    quietReqLogger: true,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, path: loggedPath(req) }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    wrapSerializers: false,
    // Refusals (4xx) are the API working as designed, and a 503 is an outage the service
    // rides out (a warning); only a failure to answer is an error.
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info',
    // pino-http adds a made-up "failed with status code" error with its stack to 5xx
    // lines; the problem filter has already logged the real cause, once.
    customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => ({
      ...value,
      err: undefined,
    }),
  });
}
