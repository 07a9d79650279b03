import { Module } from '@nestjs/common';
import { CatalogModule } from './catalog/catalog.module.js';
import { DemoCatalogSeeder } from './catalog/demo-catalog.seeder.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';

@Module({
  imports: [ConfigModule, DatabaseModule, CatalogModule, HealthModule],
  providers: [DemoCatalogSeeder],
})
export class AppModule {}
