import { runCommand } from '../common/command-runner.js';
import { AppConfig } from '../config/app-config.js';
import { CatalogCommandModule } from './catalog-command.module.js';
import { CatalogImporter } from './catalog-importer.service.js';

// seed-demo (src/cli.ts): the seeding half of docker-compose's one-shot
// migrate-and-seed job. With SEED_DEMO_CATALOG, it loads the demo catalog into a catalog
// that was never published, once, before any app replica starts (replicas seeding at boot
// would race for the import lock). Otherwise, or when a catalog exists, it does nothing.

export function seedDemo(): Promise<void> {
  return runCommand('seed-demo', CatalogCommandModule, async (app) => {
    const config = app.get(AppConfig);
    if (!config.demoCatalog.seed) {
      process.stdout.write('SEED_DEMO_CATALOG is off: nothing seeded.\n');
      return;
    }
    const importer = app.get(CatalogImporter);
    const publishedAt = await importer.publishedAt();
    if (publishedAt) {
      process.stdout.write(
        `A catalog is published (${publishedAt.toISOString()}): nothing seeded.\n`,
      );
      return;
    }
    const summary = await importer.import(config.demoCatalogFile);
    process.stdout.write(`Seeded the demo catalog: ${summary.products} products (demo data).\n`);
  });
}
