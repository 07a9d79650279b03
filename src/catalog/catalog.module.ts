import { Module } from '@nestjs/common';
import { CatalogImporter } from './catalog-importer.service.js';
import { CatalogOffersRepository } from './catalog-offers.repository.js';
import { CatalogRepository } from './catalog.repository.js';

@Module({
  providers: [CatalogRepository, CatalogImporter, CatalogOffersRepository],
  exports: [CatalogImporter, CatalogOffersRepository],
})
export class CatalogModule {}
