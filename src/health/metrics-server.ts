import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from '../metrics/metrics.service.js';

/**
 * With METRICS_PORT, a separate plain HTTP server answers GET /metrics and nothing else.
 * It is meant for a private network (METRICS_HOST), so it asks for no token.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?', 1)[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.text().then(
        (text) => res.writeHead(200, { 'Content-Type': this.metrics.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    this.server = server;
    const { address, port: bound } = server.address() as AddressInfo;
    this.logger.log(`Metrics on http://${address}:${bound}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
