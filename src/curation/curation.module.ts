import { Module } from '@nestjs/common';
import { AskedNamesRepository } from './asked-names.repository.js';
import { AskedNames } from './asked-names.js';
import { NameAliasesRepository } from './name-aliases.repository.js';
import { ProductSearchRepository } from './product-search.repository.js';

/** The names people asked for: refused names recorded for review, and confirmed aliases. */
@Module({
  providers: [AskedNamesRepository, AskedNames, NameAliasesRepository, ProductSearchRepository],
  exports: [AskedNamesRepository, AskedNames, NameAliasesRepository, ProductSearchRepository],
})
export class CurationModule {}
