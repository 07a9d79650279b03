import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Metrics } from '../metrics/metrics.service.js';

/**
 * Counts and times every response by its route pattern (`/v1/r/:token`, never the URL
 * itself, so a label never holds a token, a name or a key, and the series stay few).
 */
@Injectable()
export class MetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: Metrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.metrics.request(
        req.method,
        typeof route === 'string' ? route : 'unmatched',
        res.statusCode,
        seconds,
      );
    });
    next();
  }
}
