import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyGuard } from './api-key.guard.js';
import { VerifiedKeys } from './verified-keys.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeysService } from './api-keys.service.js';

@Module({
  providers: [
    ApiKeyRepository,
    ApiKeysService,
    VerifiedKeys,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeysService, VerifiedKeys],
})
export class AuthModule {}
