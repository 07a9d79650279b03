import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ProblemException } from '../common/problem.js';
import { CHARGE, type Pricer } from './charge.decorator.js';
import { QuotaService, rateLimitHeaders, type QuotaState } from './quota.service.js';

/**
 * The throttler's guard with a cost: validates the request with the route's pricer, then
 * charges the whole cost in one atomic step. Used with @UseGuards after the global API key
 * guard, so the order is 401, then 400/413/415, then 429.
 */
@Injectable()
export class QuotaGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly quota: QuotaService,
  ) {
    super(options, storage, reflector);
  }

  protected override async handleRequest({
    context,
    limit,
    ttl,
  }: ThrottlerRequest): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const keyId = req.apiKeyId;
    if (!keyId) throw new Error('QuotaGuard needs the API key guard to run first');
    const policy = { limit, windowMs: ttl };
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
