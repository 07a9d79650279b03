import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { ProblemException } from './problem.js';

/**
 * Longer URLs are refused with 414 before any work. The longest valid lookup (200
 * characters, each up to 12 bytes percent-encoded) fits well within it. Node itself
 * refuses request heads over 16 KiB (431) before the app sees them.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** helmet's defaults: HSTS, nosniff, frame denial, a CSP, no X-Powered-By. No CORS. */
export const securityHeaders = helmet();

export function urlLengthLimit(req: Request, _res: Response, next: NextFunction): void {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    throw new ProblemException(
      414,
      'uri-too-long',
      'URI too long',
      `The request URL is over ${MAX_URL_LENGTH} characters.`,
    );
  }
  next();
}
