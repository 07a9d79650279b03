import type { LogLevel } from '@nestjs/common';
import type { Env } from './env.schema.js';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** LOG_LEVEL and every level more severe than it. */
export function logLevels(level: Env['LOG_LEVEL']): LogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(level) + 1);
}
