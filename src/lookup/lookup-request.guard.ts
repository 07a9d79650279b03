import {
  Injectable,
  SetMetadata,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ProblemException } from '../common/problem.js';
import '../quota/charge-cost.js';
import { QuotaService, rateLimitHeaders } from '../quota/quota.service.js';
import { lookupCost, type ChargedRequest } from './lookup-cost.js';

/** Reads a route's request, or throws its 400/413/415 problem. */
export type LookupRequestParser = (req: Request) => ChargedRequest;

const PARSER = Symbol('lookup:request-parser');

declare module 'express-serve-static-core' {
  interface Request {
    /** The request as the route's parser read it (LookupRequestGuard). */
    validatedRequest?: unknown;
  }
}

/** The parser of a route's request: the validation step, ahead of the quota's charge. */
export const ParseLookupRequest = (parse: LookupRequestParser) => SetMetadata(PARSER, parse);

/** The request as validated by the route's parser. */
export const ValidatedRequest = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().validatedRequest,
);

/**
 * Validates a lookup, or a browse, before it is charged, and prices it (lookup-cost.ts) for
 * QuotaGuard, which runs next: the order is 401 (the global key guard), then 400/413/415, then
 * 429. A refused request costs nothing, but its answer still says where the budget stands.
 */
@Injectable()
export class LookupRequestGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly quota: QuotaService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const parse = this.reflector.get<LookupRequestParser | undefined>(PARSER, context.getHandler());
    if (!parse) throw new Error('LookupRequestGuard needs @ParseLookupRequest on the route');
    try {
      const request = parse(req);
      req.validatedRequest = request;
      req.chargeCost = lookupCost(request);
      return true;
    } catch (error) {
      if (error instanceof ProblemException && req.apiKeyId) {
        // Best effort: without the quota's storage the refusal goes out without the headers.
        await this.quota.status(req.apiKeyId).then(
          (state) => error.withHeaders(rateLimitHeaders(state)),
          () => undefined,
        );
      }
      throw error;
    }
  }
}
