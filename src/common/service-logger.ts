import { Injectable, type LoggerService, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HttpLogger } from 'pino-http';
import { AppConfig } from '../config/app-config.js';
import { createRequestLogger, createRootLogger } from './logging.js';

/** Nest's own start-up chatter (modules, routes): at debug, so a start reads in a glance. */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

type Level = 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal';

/** Nest's logger interface written through a pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; an object message is merged into the line. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const quiet =
      context && FRAMEWORK_CONTEXTS.has(context) && (level === 'info' || level === 'trace');
    const target = quiet ? 'debug' : level;
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.pino[target]({ context, ...message });
    } else {
      const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
      this.pino[target]({ context }, text);
    }
  }
}

/**
 * The service's logger (every `new Logger(context)` in it): JSON lines, or lines for a
 * person on a terminal (logging.ts).
 */
@Injectable()
export class ServiceLogger extends PinoNestLogger {
  constructor(config: AppConfig) {
    super(createRootLogger(config.logging));
  }
}

/** Logs every answered request once (logging.ts). */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  private readonly logRequest: HttpLogger;

  constructor(logger: ServiceLogger) {
    this.logRequest = createRequestLogger(logger.pino);
  }

  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    this.logRequest(req, res);
    next();
  }
}
