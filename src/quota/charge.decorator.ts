import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** What a charged route costs: validates the request (throwing its 4xx) and prices it. */
export type Pricer = (req: Request) => { request: unknown; cost: number };

export const CHARGE = Symbol('quota:charge');

declare module 'express-serve-static-core' {
  interface Request {
    /** The request as the route's pricer validated it, before it was charged. */
    validatedRequest?: unknown;
  }
}

/**
 * Marks a route as charged against the key's budget. The pricer runs in the QuotaGuard, so a
 * request is validated (400, 413, 415) before it is charged (429), as docs/decisions.md orders.
 */
export const Charge = (pricer: Pricer) => SetMetadata(CHARGE, pricer);

/** The request as validated by the route's pricer. */
export const ValidatedRequest = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().validatedRequest,
);
