import { Module } from '@nestjs/common';
import { CatalogModule } from './catalog/catalog.module.js';
import { DemoCatalogSeeder } from './catalog/demo-catalog.seeder.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LookupModule } from './lookup/lookup.module.js';

@Module({
  imports: [ConfigModule, DatabaseModule, CatalogModule, LookupModule, HealthModule],
  providers: [DemoCatalogSeeder],
})
export class AppModule {}
