import { Controller, Get, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { AccountsService } from './accounts.service.js';
import { accountsPage } from './accounts.view.js';
import { DashboardErrorFilter } from './dashboard-error.filter.js';
import { signedIn } from './dashboard-request.js';
import { AdminGuard, CsrfGuard, SessionGuard } from './session.guard.js';

/** Admins: every account. */
@Public() // no API key: the dashboard uses its own session cookie
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard, CsrfGuard, AdminGuard)
@Controller('dashboard/accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  async index(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.type('html').send(
      accountsPage({
        account: signedIn(req),
        csrf: req.csrfToken!,
        accounts: await this.accounts.list(),
        now: new Date(),
      }),
    );
  }
}
