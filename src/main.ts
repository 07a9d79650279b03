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
import { startupBanner } from './startup-banner.js';

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
  new Logger('Main').log(startupBanner(app, url));
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `Startup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
