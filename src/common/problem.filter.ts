import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { PROBLEM_CONTENT_TYPE, ProblemException, type ProblemBody } from './problem.js';

const SLUGS: Partial<Record<number, string>> = {
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
};

/**
 * Turns every error into problem details. Nothing internal (stack, SQL, class names)
 * reaches a body: unexpected errors are logged and answered with a generic 500.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toProblem(error);
    if (response.headersSent) return;
    if (error instanceof ProblemException) response.set(error.headers);
    response.status(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
  }

  private toProblem(error: unknown): ProblemBody {
    if (error instanceof ProblemException) return error.body;
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const title = HttpStatus[status]?.toLowerCase().replace(/_/g, ' ') ?? 'error';
      return {
        type: `https://product-intelligence.dev/problems/${SLUGS[status] ?? 'http-error'}`,
        title: title.charAt(0).toUpperCase() + title.slice(1),
        status,
        detail: status === 404 ? 'There is nothing at this address.' : error.message,
      };
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return {
      type: 'https://product-intelligence.dev/problems/internal-error',
      title: 'Internal error',
      status: 500,
      detail: 'The service failed to answer; the error has been logged.',
    };
  }
}
