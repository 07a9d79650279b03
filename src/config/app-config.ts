import { Injectable } from '@nestjs/common';
import path from 'node:path';
import type { Env } from './env.schema.js';
import { projectRoot } from './project-root.js';

/** The one typed view of the configuration; built from the validated environment. */
@Injectable()
export class AppConfig {
  constructor(readonly env: Env) {}

  get databaseUrl(): string | undefined {
    return this.env.DATABASE_URL;
  }

  /** Absolute data folder of the embedded default. */
  get dataDir(): string {
    return path.resolve(projectRoot(), this.env.DATA_DIR);
  }

  get demoCatalogFile(): string {
    return path.join(projectRoot(), 'prisma', 'demo-catalog.jsonl');
  }
}
