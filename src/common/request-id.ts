import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A caller's request id is kept when it is a plain token (what proxies and tracing
 * systems send); anything else could forge log lines or smuggle a key, so it is replaced.
 */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's X-Request-Id if acceptable, else a new UUID; echoed. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * This request's id. pino-http gives every request its id first thing; a request refused
 * before (a path that is not valid percent-encoding fails in the router itself) gets one here.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const request = req as Partial<IncomingMessage>;
  if (typeof request.id !== 'string') request.id = assignRequestId(req, res);
  return String(request.id);
}

/** The problem-details `instance` of an error answered to this request. */
export function requestInstance(req: IncomingMessage, res: ServerResponse): string {
  return `urn:request-id:${requestId(req, res)}`;
}
