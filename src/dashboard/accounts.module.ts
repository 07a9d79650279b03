import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AccountRepository } from './account.repository.js';
import { AccountsService } from './accounts.service.js';

/** Accounts and their password links: shared by the dashboard and the users command. */
@Module({
  imports: [AuthModule],
  providers: [AccountRepository, AccountsService],
  exports: [AccountRepository, AccountsService],
})
export class AccountsModule {}
