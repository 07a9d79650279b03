import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import { Metrics } from '../metrics/metrics.service.js';

type Outcome = { found?: unknown };

/**
 * Counts resolution outcomes from what the HTTP lookup handlers return (a single
 * result, or a batch's `results`), so the lookup code itself stays free of metrics.
 */
@Injectable()
export class ResolutionMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: Metrics) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(tap((body) => this.count(body)));
  }

  private count(body: unknown): void {
    if (typeof body !== 'object' || body === null) return;
    const results = (body as { results?: unknown }).results;
    const outcomes: Outcome[] = Array.isArray(results) ? (results as Outcome[]) : [body];
    for (const outcome of outcomes) {
      if (typeof outcome?.found === 'boolean') this.metrics.resolution(outcome.found);
    }
  }
}
