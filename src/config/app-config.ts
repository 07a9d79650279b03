import { Injectable } from '@nestjs/common';
import path from 'node:path';
import type { Env } from './env.schema.js';
import type { SourceType } from '../taxonomy/taxonomy.js';
import { projectRoot } from './project-root.js';

export interface QuotaPolicy {
  limit: number;
  windowMs: number;
}

export interface SynthesisConfig {
  sourceWeights: Record<SourceType, number>;
  priorStrength: number;
}

/** Lab tests measure, experts compare, owners report, forums gossip. */
export const DEFAULT_SOURCE_WEIGHTS: Record<SourceType, number> = {
  lab_test: 1.5,
  expert_review: 1.25,
  user_reviews: 1,
  community: 0.75,
};

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

  /** Source-type weights and prior strength of criterion scores (documented defaults). */
  get synthesis(): SynthesisConfig {
    return {
      sourceWeights: { ...DEFAULT_SOURCE_WEIGHTS, ...this.env.SYNTHESIS_SOURCE_WEIGHTS },
      priorStrength: this.env.SYNTHESIS_PRIOR_STRENGTH,
    };
  }

  /** Where clients reach this service: tracked links and the OpenAPI servers entry. */
  get publicBaseUrl(): string {
    return (this.env.PUBLIC_BASE_URL ?? `http://${this.env.HOST}:${this.env.PORT}`).replace(
      /\/+$/,
      '',
    );
  }

  /** The origins whose pages may call MCP, and whose host names requests may carry. */
  get mcpAllowedOrigins(): string[] {
    return this.env.MCP_ALLOWED_ORIGINS ?? [this.publicBaseUrl];
  }

  /** The rate budget of every key: `limit` lookups in any rolling `windowMs`. */
  get quota(): QuotaPolicy {
    return { limit: this.env.QUOTA_LIMIT, windowMs: this.env.QUOTA_WINDOW_SECONDS * 1000 };
  }

  get demoCatalogFile(): string {
    return path.join(projectRoot(), 'prisma', 'demo-catalog.jsonl');
  }
}
