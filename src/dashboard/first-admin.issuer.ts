import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseServer } from '../database/database-server.js';
import { AccountsService } from './accounts.service.js';

/** The first admin's email on the embedded default; they change nothing else about it. */
export const FIRST_ADMIN_EMAIL = 'admin@localhost';

/** On the embedded default's first start, creates a first admin and prints its link, once. */
@Injectable()
export class FirstAdminIssuer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly server: DatabaseServer,
    private readonly accounts: AccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.server.isFreshEmbedded || (await this.accounts.count()) > 0) return;
    const { link } = await this.accounts.create(FIRST_ADMIN_EMAIL, true);
    this.logger.log(
      `Dashboard admin ${FIRST_ADMIN_EMAIL}: set your password at ${link} (valid 24 hours, shown once)`,
    );
  }
}
