import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { ProblemException, WHOLE_URL } from './problem.js';

/**
 * Longer URLs are refused with 414 before any work. The longest valid lookup (200
 * characters, each up to 12 bytes percent-encoded) fits well within it. Node itself
 * refuses request heads over 16 KiB (431) before the app sees them.
 */
export const MAX_URL_LENGTH = 8 * 1024;

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * A middleware that only sets fixed headers, run once against a stand-in response, and the
 * headers it set (or removed) applied to each response in one step: helmet's defaults are a
 * chain of 12 middlewares, which cost more than the rest of serving a cached answer.
 */
export function fixedHeaders(middleware: Middleware): Middleware {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('the middleware failed');
    done = true;
  });
  if (!done) throw new Error('the middleware did not finish at once: its headers are not fixed');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** helmet's defaults: HSTS, nosniff, frame denial, a CSP, no X-Powered-By. No CORS. */
export const securityHeaders = fixedHeaders(helmet());

/**
 * The Host header is a host and an optional port (RFC 9110, 7.2), as the WHATWG URL parser
 * reads it back unchanged: no user information (`evil.example@127.0.0.1`), path, space or
 * percent sign. The MCP transport (the SDK, through @hono/node-server) refuses any other Host
 * with an empty 400, so this check must be at least as strict as its own.
 */
function isHost(host: string): boolean {
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return name === host.replace(/:\d+$/, '').toLowerCase();
}

/**
 * HTTP/1.1 requires Host, and a Host names a host (RFC 9112, 3.2: 400 otherwise). Node would
 * refuse a missing Host with an empty body (the server is created with requireHostHeader off).
 */
export function hostHeaderCheck(req: Request, _res: Response, next: NextFunction): void {
  const problem = hostProblem(req.headers.host, req.httpVersion);
  if (problem) {
    throw new ProblemException('bad-request', `The Host header ${problem}.`, [
      { field: 'Host', message: problem },
    ]);
  }
  next();
}

function hostProblem(host: string | undefined, httpVersion: string): string | undefined {
  if (host === undefined) return httpVersion === '1.0' ? undefined : 'is required in HTTP/1.1';
  return isHost(host) ? undefined : 'must be a host name or address and an optional port';
}

export function urlLengthLimit(req: Request, _res: Response, next: NextFunction): void {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    throw new ProblemException(
      'uri-too-long',
      `The request URL is over ${MAX_URL_LENGTH} characters.`,
      [{ field: WHOLE_URL, message: `must be at most ${MAX_URL_LENGTH} characters` }],
    );
  }
  next();
}
