import {
  BadRequestException,
  Controller,
  Get,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiKeysService } from '../auth/api-keys.service.js';
import { Public } from '../auth/public.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { DashboardErrorFilter } from './dashboard-error.filter.js';
import { formFields, signedIn } from './dashboard-request.js';
import { visibleKey } from './key-access.js';
import { KeyUsageService } from './key-usage.service.js';
import { keyCreatedPage, revokePage } from './key-actions.view.js';
import { EXPIRY_CHOICES, keysPage } from './keys.view.js';
import { CsrfGuard, SessionGuard } from './session.guard.js';
import { usagePage } from './usage.view.js';
import { parseRange, USAGE_RANGES } from './usage-window.js';

/** My keys: list, create (shown once), usage, revoke with a confirmation. */
@Public() // no API key: the dashboard uses its own session cookie
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard, CsrfGuard)
@Controller('dashboard')
export class KeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly usage: KeyUsageService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  home(@Res() res: Response): void {
    res.redirect(303, '/dashboard/keys');
  }

  private async list(req: Request) {
    const account = signedIn(req);
    return await this.keys.listWithOwners(account.isAdmin ? undefined : account.id);
  }

  @Get('keys')
  async index(@Req() req: Request, @Res() res: Response): Promise<void> {
    const revoked = typeof req.query.revoked === 'string' ? req.query.revoked : undefined;
    const keys = await this.list(req);
    const name = revoked && keys.find((k) => k.id === revoked)?.name;
    res.type('html').send(
      keysPage({
        account: signedIn(req),
        csrf: req.csrfToken!,
        keys,
        now: new Date(),
        ...(name && { notice: `“${name}” is revoked: requests with it are now refused.` }),
      }),
    );
  }

  @Post('keys')
  async create(@Req() req: Request, @Res() res: Response): Promise<void> {
    const account = signedIn(req);
    const { name: rawName = '', expires = 'never' } = formFields(req);
    const name = rawName.trim();
    const choice = EXPIRY_CHOICES[expires as keyof typeof EXPIRY_CHOICES];
    const error = !name
      ? 'Give the key a name.'
      : name.length > 100
        ? 'Use a name of at most 100 characters.'
        : /\p{Cc}/u.test(name)
          ? 'The name cannot contain control characters.'
          : !choice
            ? 'Choose when the key expires.'
            : undefined;
    if (error) {
      res
        .status(400)
        .type('html')
        .send(
          keysPage({
            account,
            csrf: req.csrfToken!,
            keys: await this.list(req),
            now: new Date(),
            error,
            values: { name: rawName, expires },
          }),
        );
      return;
    }
    const expiresAt = choice.ms === undefined ? undefined : new Date(Date.now() + choice.ms);
    const { key, record } = await this.keys.create(name, expiresAt, account.id);
    res.type('html').send(
      keyCreatedPage({
        account,
        csrf: req.csrfToken!,
        key,
        record: { ...record, ownerEmail: account.email },
        baseUrl: this.config.publicBaseUrl,
      }),
    );
  }

  @Get('keys/:id')
  async show(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const range = parseRange(req.query.range);
    if (!range) {
      const known = Object.keys(USAGE_RANGES).join(', ');
      throw new BadRequestException(`That is not a range of the usage chart: use ${known}.`);
    }
    const account = signedIn(req);
    const key = await visibleKey(this.keys, account, id);
    res.type('html').send(
      usagePage({
        account,
        csrf: req.csrfToken!,
        key,
        usage: await this.usage.usage(key.id, range),
        now: new Date(),
      }),
    );
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const account = signedIn(req);
    const key = await visibleKey(this.keys, account, id);
    if (key.revokedAt) return res.redirect(303, `/dashboard/keys/${key.id}`);
    res.type('html').send(revokePage({ account, csrf: req.csrfToken!, key }));
  }

  @Post('keys/:id/revoke')
  async revoke(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const key = await visibleKey(this.keys, signedIn(req), id);
    await this.keys.revoke(key.id);
    res.redirect(303, `/dashboard/keys?revoked=${key.id}`);
  }
}
