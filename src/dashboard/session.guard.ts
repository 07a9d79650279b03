import {
  ForbiddenException,
  HttpException,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { CSRF_FIELD, csrfToken } from './csrf.js';
import { formFields } from './dashboard-request.js';
import { newToken, sameText } from './secret-token.js';
import { SessionCookies } from './session-cookies.js';
import { SessionsService } from './sessions.service.js';

/** No live session: pages send the browser to the sign-in page (DashboardErrorFilter). */
export class SignInRequired extends HttpException {
  constructor() {
    super('Sign in to continue.', 401);
  }
}

/** Dashboard pages need a live session of an enabled account. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const token = this.cookies.read(req, this.cookies.session);
    const account = token && (await this.sessions.resolve(token));
    if (!token || !account) throw new SignInRequired();
    req.account = account;
    req.sessionToken = token;
    return true;
  }
}

/**
 * Every state-changing form carries a CSRF token bound to the session (or, before sign-in,
 * to the form-seed cookie, issued here on the page that shows the form); a POST without
 * the right one is refused with 403 before it does anything.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly cookies: SessionCookies) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    let seed = req.sessionToken ?? this.cookies.read(req, this.cookies.seed);
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!seed) {
        seed = newToken();
        this.cookies.set(context.switchToHttp().getResponse<Response>(), this.cookies.seed, seed);
      }
      req.csrfToken = csrfToken(seed);
      return true;
    }
    const sent = formFields(req)[CSRF_FIELD];
    if (!seed || !sent || !sameText(sent, csrfToken(seed)))
      throw new ForbiddenException('The form has expired or did not come from this site.');
    req.csrfToken = csrfToken(seed);
    return true;
  }
}

/** Admin pages: members are told plainly that they are not for them. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<Request>().account?.isAdmin)
      throw new ForbiddenException('Only admins can see this page.');
    return true;
  }
}
