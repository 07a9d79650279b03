import { Module } from '@nestjs/common';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { CatalogModule } from './catalog.module.js';

/** What the catalog commands need: configuration, the database and the importer. */
@Module({ imports: [ConfigModule, DatabaseModule, CatalogModule] })
export class CatalogCommandModule {}
