import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { QuotaPolicy } from '../config/app-config.js';
import './charge-cost.js';
import { QuotaService, rateLimitHeaders } from './quota.service.js';

/**
 * The throttler's guard with a cost: charges the request's cost (`req.chargeCost`, set by the
 * route's validation step, which runs before it) in one atomic step. Used with @UseGuards
 * after the global API key guard and the validation step, so the order is 401, then
 * 400/413/415, then 429; and with SpendChargeInterceptor, which spends the charge on the
 * lookup (given back if it fails with 503).
 *
 * Its budget is the ThrottlerModule's one throttler, read once at start. The library's own
 * canActivate reads six per-route overrides (@Throttle, @SkipThrottle and the like) from
 * metadata on every request; no route here declares any, and on a cached answer they cost
 * several percent of the request (bench/RESULTS.md).
 */
@Injectable()
export class QuotaGuard extends ThrottlerGuard {
  private policy?: QuotaPolicy;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly quota: QuotaService,
  ) {
    super(options, storage, reflector);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    const [throttler, ...others] = this.throttlers;
    const { limit, ttl } = throttler ?? {};
    if (others.length > 0 || typeof limit !== 'number' || typeof ttl !== 'number')
      throw new Error('QuotaGuard needs exactly one throttler, with a fixed limit and ttl');
    this.policy = { limit, windowMs: ttl };
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.policy;
    if (!policy) throw new Error('QuotaGuard used before its module was initialised');
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const keyId = req.apiKeyId;
    if (!keyId) throw new Error('QuotaGuard needs the API key guard to run first');
    const charge = await this.quota.charge(keyId, req.chargeCost ?? 1, 'http', policy);
    req.quotaCharge = charge;
    res.set(rateLimitHeaders(charge.state));
    return true;
  }
}
