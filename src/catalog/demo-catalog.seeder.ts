import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DatabaseServer } from '../database/database-server.js';
import { CatalogImporter } from './catalog-importer.service.js';

/**
 * Loads the demo catalog into a catalog that was never published: always on the
 * embedded default, and with DATABASE_URL only when SEED_DEMO_CATALOG asks for it.
 */
@Injectable()
export class DemoCatalogSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Catalog');

  constructor(
    private readonly config: AppConfig,
    private readonly server: DatabaseServer,
    private readonly importer: CatalogImporter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.server.isEmbedded && !this.config.demoCatalog.seed) return;
    const publishedAt = await this.importer.publishedAt();
    if (publishedAt) {
      this.logger.log(`Catalog published at ${publishedAt.toISOString()}`);
      return;
    }
    const summary = await this.importer.import(this.config.demoCatalogFile);
    this.logger.log(`Seeded the demo catalog: ${summary.products} products (demo data)`);
  }
}
