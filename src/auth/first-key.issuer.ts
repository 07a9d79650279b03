import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseServer } from '../database/database-server.js';
import { ApiKeysService } from './api-keys.service.js';

/** On the embedded default's first start, issues a first key, shown once at start-up (main.ts). */
@Injectable()
export class FirstKeyIssuer implements OnApplicationBootstrap {
  /** The key issued at this start, if one was: printed in the start-up block, once. */
  issued: string | undefined;

  constructor(
    private readonly server: DatabaseServer,
    private readonly keys: ApiKeysService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.server.isFreshEmbedded || (await this.keys.list()).length > 0) return;
    const { key } = await this.keys.create('first key');
    this.issued = key;
  }
}
