import { Module } from '@nestjs/common';
import { AskedNamesRepository } from './asked-names.repository.js';
import { AskedNames } from './asked-names.js';
import { NameAliasesRepository } from './name-aliases.repository.js';

/** The names people asked for: refused names recorded for review, and confirmed aliases. */
@Module({
  providers: [AskedNamesRepository, AskedNames, NameAliasesRepository],
  exports: [AskedNamesRepository, AskedNames, NameAliasesRepository],
})
export class CurationModule {}
