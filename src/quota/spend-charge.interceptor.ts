import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import './charge-cost.js';
import { QuotaService, rateLimitHeaders } from './quota.service.js';

/**
 * Spends the charge QuotaGuard made on the route's lookup (QuotaService.spend): a lookup that
 * fails with 503 gets its charge back, and its answer's RateLimit header says so.
 */
@Injectable()
export class SpendChargeInterceptor implements NestInterceptor {
  constructor(private readonly quota: QuotaService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const charge = http.getRequest<Request>().quotaCharge;
    if (!charge) throw new Error('SpendChargeInterceptor needs QuotaGuard to charge first');
    const res = http.getResponse<Response>();
    return from(
      this.quota.spend(
        charge,
        () => lastValueFrom(next.handle()),
        (state) => res.set(rateLimitHeaders(state)),
      ),
    );
  }
}
