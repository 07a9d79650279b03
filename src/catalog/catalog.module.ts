import { Module } from '@nestjs/common';
import { CatalogImporter } from './catalog-importer.service.js';
import { CatalogRepository } from './catalog.repository.js';

@Module({
  providers: [CatalogRepository, CatalogImporter],
  exports: [CatalogImporter],
})
export class CatalogModule {}
