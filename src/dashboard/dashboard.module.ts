import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CurationModule } from '../curation/curation.module.js';
import { QuotaModule } from '../quota/quota.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsModule } from './accounts.module.js';
import { AskedNamesController } from './asked-names.controller.js';
import { AssetsController } from './assets.controller.js';
import { DashboardMiddleware } from './dashboard.middleware.js';
import { FirstAdminIssuer } from './first-admin.issuer.js';
import { KeyUsageService } from './key-usage.service.js';
import { KeysController } from './keys.controller.js';
import { LandingController } from './landing.controller.js';
import { NotFoundController } from './not-found.controller.js';
import { SessionCookies } from './session-cookies.js';
import { SessionsService } from './sessions.service.js';
import { SignInController } from './sign-in.controller.js';
import { UsageModule } from '../usage/usage.module.js';

/**
 * The key dashboard at /dashboard (accounts, sessions, keys, usage, the names people asked
 * for), `/` and the icons.
 */
@Module({
  imports: [AuthModule, AccountsModule, UsageModule, QuotaModule, CurationModule],
  // NotFoundController last: it answers whatever the others do not.
  controllers: [
    SignInController,
    KeysController,
    AccountsController,
    AskedNamesController,
    AssetsController,
    LandingController,
    NotFoundController,
  ],
  providers: [SessionsService, SessionCookies, KeyUsageService, FirstAdminIssuer],
})
export class DashboardModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // One layer for the whole dashboard, not one per dashboard route: every API request is
    // tested against each layer registered before its route.
    // The landing page is a dashboard page too: the same strict headers.
    consumer
      .apply(DashboardMiddleware)
      .forRoutes('dashboard{/*path}', { path: '/', method: RequestMethod.GET });
  }
}
