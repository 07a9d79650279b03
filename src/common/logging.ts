import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { stdTimeFunctions, type LevelWithSilent } from 'pino';
import type { AppConfig } from '../config/app-config.js';
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
 * The path alone: a query string can carry anything a client typed, a misplaced key
 * included, so it is never logged. Headers are not logged either (Authorization).
 */
function loggedPath(req: IncomingMessage): string {
  const url = req.url ?? '';
  const path = url.split('?', 1)[0] ?? '';
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

/**
 * One JSON line per event on stdout (pino), each request's lines carrying its
 * `request_id`, which is also echoed in X-Request-Id and in problem details' `instance`.
 */
export function loggingParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: PINO_LEVELS[config.env.LOG_LEVEL],
      timestamp: stdTimeFunctions.isoTime,
      base: { service: 'product-intelligence' },
      genReqId: (req: IncomingMessage, res: ServerResponse) => assignRequestId(req, res),
      customAttributeKeys: { reqId: 'request_id' },
      // App log lines inside a request carry the id only, not the whole request again.
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
    },
  };
}
