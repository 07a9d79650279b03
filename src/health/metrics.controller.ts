import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ProblemException } from '../common/problem.js';
import { AppConfig } from '../config/app-config.js';
import { carriesToken } from './metrics-access.js';
import { Metrics } from '../metrics/metrics.service.js';

/**
 * /metrics on the service's own port, opened by METRICS_TOKEN (not an API key: scrapers
 * are not customers). With METRICS_PORT the metrics live on that port instead, and with
 * neither they are not served at all: this address answers 404, as if it did not exist.
 */
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { token, port } = this.config.metrics;
    if (token === undefined || port !== undefined) throw new NotFoundException();
    if (!carriesToken(req.headers.authorization, token)) {
      throw new ProblemException(
        'unauthorized',
        'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
      ).withHeaders({ 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    res.type(this.metrics.contentType).send(await this.metrics.text());
  }
}
