import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';
import {
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPES,
  ProblemException,
  problemTypeUri,
  type ProblemBody,
  type ProblemType,
} from './problem.js';
import { allowedMethods } from './allowed-methods.js';
import { requestId } from './request-id.js';

/** The kind of problem of a framework error's status (problem.ts); others are http-error. */
const TYPES: Partial<Record<number, ProblemType>> = {
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  414: 'uri-too-long',
  415: 'unsupported-media-type',
};

/** The 405 of an address no route answers by this method but some route by another. */
function otherMethod(error: unknown, request: Request): ProblemException | undefined {
  if (!(error instanceof NotFoundException)) return undefined;
  // A route of this method that found nothing (an unknown category) is a 404 of its own.
  const allowed = allowedMethods(request);
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  return new ProblemException(
    'method-not-allowed',
    `${request.method} is not answered at this address: ${allowed.join(', ')} are.`,
  ).withHeaders({ Allow: allowed.join(', ') });
}

/** What a client is told to wait before retrying while PostgreSQL is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The problem an error is answered with when it is a known one: its own, or the 503 of a
 * database that cannot answer (not a 500). Undefined for anything else (a 500). The MCP tools
 * answer with it too, and the quota reads it to refund a lookup that got a 503.
 */
export function knownProblem(error: unknown): ProblemException | undefined {
  if (error instanceof ProblemException) return error;
  if (!isDatabaseUnavailable(error)) return undefined;
  return new ProblemException(
    'service-unavailable',
    'The service cannot reach its database right now. Try again shortly.',
  ).retryAfter(UNAVAILABLE_RETRY_AFTER_SECONDS);
}

/**
 * Turns every error into problem details. Nothing internal (stack, SQL, class names)
 * reaches a body: unexpected errors are logged and answered with a generic 500. A database
 * that cannot answer is a 503 the client may retry, not a 500.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const id = requestId(request, response);
    const unavailable = knownProblem(error);
    // Logged without the driver's message, which may quote SQL or connection details.
    if (unavailable && unavailable !== error)
      this.logger.warn('PostgreSQL is unavailable or too slow: answered 503');
    const known = unavailable ?? otherMethod(error, request);
    const problem = known?.body ?? this.toProblem(error, id);
    if (response.headersSent) return;
    if (known) response.set(known.headers);
    const body = { ...problem, instance: `urn:request-id:${id}` };
    response.status(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
  }

  private toProblem(error: unknown, id: string): ProblemBody {
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const title = HttpStatus[status]?.toLowerCase().replace(/_/g, ' ') ?? 'error';
      return {
        type: problemTypeUri(TYPES[status] ?? 'http-error'),
        title: title.charAt(0).toUpperCase() + title.slice(1),
        status,
        detail: status === 404 ? 'There is nothing at this address.' : error.message,
      };
    }
    // The request's id, so the 500 a client reports can be found in the log.
    this.logger.error({
      request_id: id,
      msg: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return {
      type: problemTypeUri('internal-error'),
      title: PROBLEM_TYPES['internal-error'].title,
      status: PROBLEM_TYPES['internal-error'].status,
      detail: 'The service failed to answer; the error has been logged.',
    };
  }
}
