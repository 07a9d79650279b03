import { Module } from '@nestjs/common';
import { LookupRepository } from './lookup.repository.js';
import { NameResolver } from './name-resolver.service.js';

@Module({
  providers: [LookupRepository, NameResolver],
  exports: [NameResolver, LookupRepository],
})
export class LookupModule {}
