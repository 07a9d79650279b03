import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../common/problem.filter.js';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';
import { errorPage } from './error.view.js';
import { SignInRequired } from './session.guard.js';

/**
 * Dashboard routes answer errors with pages, not problem details: a missing session goes
 * to the sign-in page, anything else is a friendly page with the real status code (503 with
 * Retry-After while PostgreSQL cannot answer, as the API does).
 */
@Catch()
export class DashboardErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    if (res.headersSent) return;
    if (error instanceof SignInRequired) {
      res.redirect(303, '/dashboard/sign-in');
      return;
    }
    let status = 500;
    let detail: string | undefined;
    if (error instanceof HttpException) {
      status = error.getStatus();
      detail = error.message;
    } else if (isDatabaseUnavailable(error)) {
      // As the API answers: the client should come back, and the service recovers by itself.
      this.logger.warn('PostgreSQL is unavailable or too slow: answered 503');
      status = 503;
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    res
      .status(status)
      .type('html')
      .send(errorPage(status, detail, req.account, req.csrfToken));
  }
}
