import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseServer } from '../database/database-server.js';
import { ApiKeysService } from './api-keys.service.js';

/** On the embedded default's first start, issues a first key and prints it, once. */
@Injectable()
export class FirstKeyIssuer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly server: DatabaseServer,
    private readonly keys: ApiKeysService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.server.isFreshEmbedded || (await this.keys.list()).length > 0) return;
    const { key } = await this.keys.create('first key');
    this.logger.log(`Your first API key (shown once; store it now): ${key}`);
  }
}
