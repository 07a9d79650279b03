import { Controller, Get, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { AccountsService } from './accounts.service.js';
import { DashboardErrorFilter } from './dashboard-error.filter.js';
import { formFields } from './dashboard-request.js';
import { HashingBusyError, passwordProblem } from './passwords.js';
import { CsrfGuard, SessionGuard } from './session.guard.js';
import { SessionCookies } from './session-cookies.js';
import { BUSY_RETRY_AFTER_SECONDS, SessionsService } from './sessions.service.js';
import { deadLinkPage, setPasswordPage, signInPage } from './sign-in.view.js';

const TOKEN = /^[\w-]{43}$/;

/** Signing in, setting a password from a one-time link, and signing out. */
@Public() // no API key: the dashboard uses its own session cookie
@UseFilters(DashboardErrorFilter)
@Controller('dashboard')
export class SignInController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
    private readonly cookies: SessionCookies,
  ) {}

  @Get('sign-in')
  @UseGuards(CsrfGuard)
  async signInForm(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = this.cookies.read(req, this.cookies.session);
    if (token && (await this.sessions.resolve(token))) return res.redirect(303, '/dashboard/keys');
    const notice =
      req.query.password === 'set' ? 'Your password is set. Sign in with it.' : undefined;
    res.type('html').send(signInPage({ csrf: req.csrfToken!, ...(notice && { notice }) }));
  }

  @Post('sign-in')
  @UseGuards(CsrfGuard)
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { email = '', password = '' } = formFields(req);
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const result = await this.sessions.signIn(
      email.slice(0, 254),
      password.slice(0, 1024),
      address,
      this.cookies.read(req, this.cookies.device),
    );
    const again = (status: number, error: string): void => {
      res
        .status(status)
        .type('html')
        .send(signInPage({ csrf: req.csrfToken!, email, error }));
    };
    switch (result.outcome) {
      case 'signed-in':
        this.cookies.clear(res, this.cookies.seed);
        this.cookies.setSession(res, result.token);
        this.cookies.setDevice(res, result.device);
        return res.redirect(303, '/dashboard/keys');
      case 'wrong':
        return again(401, 'That email and password do not match an account.');
      case 'disabled':
        return again(403, 'This account is disabled. Ask your admin if you need it back.');
      case 'throttled':
        res.set('Retry-After', String(result.retryAfterSeconds));
        return again(
          429,
          `Too many failed sign-ins. Wait ${Math.ceil(result.retryAfterSeconds / 60)} minutes and try again.`,
        );
      case 'busy':
        // Shed by the hash queue: no password was checked, and the attempt does not count.
        res.set('Retry-After', String(result.retryAfterSeconds));
        return again(503, 'Many sign-ins are being checked right now. Try again in a moment.');
    }
  }

  @Get('set-password/:token')
  @UseGuards(CsrfGuard)
  async setPasswordForm(
    @Param('token') token: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const account = TOKEN.test(token) ? await this.accounts.linkAccount(token) : undefined;
    if (!account) return void res.status(404).type('html').send(deadLinkPage());
    res.type('html').send(setPasswordPage({ csrf: req.csrfToken!, email: account.email, token }));
  }

  @Post('set-password/:token')
  @UseGuards(CsrfGuard)
  async setPassword(
    @Param('token') token: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const account = TOKEN.test(token) ? await this.accounts.linkAccount(token) : undefined;
    if (!account) return void res.status(404).type('html').send(deadLinkPage());
    const { password = '', confirmation = '' } = formFields(req);
    const problem = await passwordProblem(password, confirmation, account.email);
    if (problem) {
      res
        .status(400)
        .type('html')
        .send(
          setPasswordPage({ csrf: req.csrfToken!, email: account.email, token, error: problem }),
        );
      return;
    }
    let device: string | undefined;
    try {
      device = await this.accounts.setPassword(token, password);
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      res.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      const busy = 'Many passwords are being checked right now. Try again in a moment.';
      return void res
        .status(503)
        .type('html')
        .send(setPasswordPage({ csrf: req.csrfToken!, email: account.email, token, error: busy }));
    }
    if (!device) return void res.status(404).type('html').send(deadLinkPage());
    // The link's holder: their first sign-in goes first in the hash queue too.
    this.cookies.setDevice(res, device);
    res.redirect(303, '/dashboard/sign-in?password=set');
  }

  @Post('sign-out')
  @UseGuards(SessionGuard, CsrfGuard)
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.signOut(req.sessionToken!);
    this.cookies.clear(res, this.cookies.session);
    res.redirect(303, '/dashboard/sign-in');
  }
}
