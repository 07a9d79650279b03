import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppModule } from './app.module.js';
import { closeGracefullyOnSignals } from './common/graceful-shutdown.js';
import { ServiceLogger } from './common/service-logger.js';
import { ServiceHttpAdapter } from './common/service-http-adapter.js';
import { AppConfig } from './config/app-config.js';
import { recordServiceUrl } from './config/service-url.js';
import { writeFirstStartSecrets } from './first-start-secrets.js';
import { firstStartSecrets, startupBanner } from './startup-banner.js';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule, new ServiceHttpAdapter(), {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  const config = app.get(AppConfig);
  app.useLogger(app.get(ServiceLogger));
  // Through pino, at LOG_LEVEL (common/logging.ts); the buffered boot lines go there too.
  app.flushLogs();
  closeGracefullyOnSignals(app, config.http.shutdownTimeoutMs);
  await app.listen(config.http.port, config.http.host);
  const { address, port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  try {
    recordServiceUrl(config, url);
  } catch (error) {
    // Links printed by admin commands fall back to HOST and PORT; the service is unaffected.
    new Logger('Main').warn(`Could not record ${url} under DATA_DIR: ${String(error)}`);
  }
  const logger = new Logger('Main');
  // The first start's secrets are never in a log line (first-start-secrets.ts): on a
  // terminal they are printed below the block; otherwise the block says which file holds them.
  const secrets = firstStartSecrets(app, url);
  const terminal = process.stdout.isTTY;
  let file: string | undefined;
  if (secrets && !terminal) {
    try {
      file = writeFirstStartSecrets(secrets, config.dataDir);
    } catch (error) {
      logger.error(
        `Could not write the first key and admin link under DATA_DIR (${String(error)}): ` +
          'issue a key with `npm run keys -- create --name mine`, and a new link with `npm run users -- link 1`',
      );
    }
  }
  logger.log(startupBanner(url, file));
  if (secrets && terminal) process.stdout.write(`${secrets}\n`);
}

bootstrap().catch((error: unknown) => {
  // Another process on the port (often a service started before): say how to choose another.
  const taken =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? ' (another process listens there: stop it, or set PORT, e.g. PORT=3001 npm start)'
      : '';
  process.stderr.write(
    `Startup failed: ${error instanceof Error ? error.message : String(error)}${taken}\n`,
  );
  process.exit(1);
});
