import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseServer } from '../database/database-server.js';
import { AccountsService } from './accounts.service.js';

/** The first admin's email on the embedded default; they change nothing else about it. */
export const FIRST_ADMIN_EMAIL = 'admin@localhost';

/** On the embedded default's first start, creates a first admin; its link is shown once (main.ts). */
@Injectable()
export class FirstAdminIssuer implements OnApplicationBootstrap {
  /** The set-password link issued at this start, if one was. */
  issuedLink: string | undefined;

  constructor(
    private readonly server: DatabaseServer,
    private readonly accounts: AccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.server.isFreshEmbedded || (await this.accounts.count()) > 0) return;
    const { link } = await this.accounts.create(FIRST_ADMIN_EMAIL, true);
    this.issuedLink = link;
  }
}
