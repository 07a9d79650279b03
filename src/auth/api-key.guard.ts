import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ProblemException } from '../common/problem.js';
import { IS_PUBLIC } from './public.decorator.js';
import { VerifiedKeys } from './verified-keys.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The id of the API key that authenticated the request. */
    apiKeyId?: string;
  }
}

const BEARER = /^Bearer +([^\s]+) *$/i;
const REASONS = {
  malformed: 'The API key is malformed.',
  unknown: 'The API key is not known.',
  revoked: 'The API key has been revoked.',
  expired: 'The API key has expired.',
} as const;

function unauthorized(detail: string, keySent: boolean): ProblemException {
  return new ProblemException('unauthorized', detail).withHeaders({
    'WWW-Authenticate': keySent ? 'Bearer error="invalid_token"' : 'Bearer',
  });
}

/** Every route needs a valid API key unless it is marked @Public() (fails closed). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: VerifiedKeys,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (
      this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
        context.getHandler(),
        context.getClass(),
      ])
    )
      return true;
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.authorization;
    if (header === undefined)
      throw unauthorized('Send an API key: Authorization: Bearer <key>.', false);
    const key = BEARER.exec(header)?.[1];
    if (!key) throw unauthorized('The Authorization header must be "Bearer <key>".', true);
    const check = await this.keys.check(key);
    if (!check.valid) throw unauthorized(REASONS[check.reason], true);
    request.apiKeyId = check.keyId;
    return true;
  }
}
