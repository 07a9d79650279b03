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
import { ProblemException } from '../common/problem.js';
import type { QuotaPolicy } from '../config/app-config.js';
import { CHARGE, type Pricer } from './charge.decorator.js';
import { QuotaService, rateLimitHeaders, type QuotaState } from './quota.service.js';

/**
 * The throttler's guard with a cost: validates the request with the route's pricer, then
 * charges the whole cost in one atomic step. Used with @UseGuards after the global API key
 * guard, so the order is 401, then 400/413/415, then 429.
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
    const pricer = this.reflector.get<Pricer | undefined>(CHARGE, context.getHandler());
    let cost = 1;
    if (pricer) {
      try {
        ({ request: req.validatedRequest, cost } = pricer(req));
      } catch (error) {
        // A refused request costs nothing, but still says where the budget stands.
        if (error instanceof ProblemException)
          await this.quota.status(keyId, policy).then(
            (state) => error.withHeaders(rateLimitHeaders(state)),
            () => undefined,
          );
        throw error;
      }
    }
    const state: QuotaState = await this.quota.charge(keyId, cost, 'http', policy);
    res.set(rateLimitHeaders(state));
    return true;
  }
}
