import { LookupRequestGuard } from './lookup-request.guard.js';
import { Module } from '@nestjs/common';
import { CurationModule } from '../curation/curation.module.js';
import { QuotaModule } from '../quota/quota.module.js';
import { SynthesisModule } from '../synthesis/synthesis.module.js';
import { BrowseController } from './browse/browse.controller.js';
import { BrowseRepository } from './browse/browse.repository.js';
import { BrowseService } from './browse/browse.service.js';
import { LookupController } from './lookup.controller.js';
import { LookupRepository } from './lookup.repository.js';
import { AnswerRepository } from './answer.repository.js';
import { Assessments } from './assessments.js';
import { LookupCache } from './lookup-cache.js';
import { LookupService } from './lookup.service.js';
import { PublishedCatalog } from './published-catalog.js';
import { NameResolver } from './name-resolver.service.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { PurchaseLinkController } from './purchase-link.controller.js';
import { CandidateIndexRepository } from './candidate-index/candidate-index.repository.js';
import { CandidateIndexes } from './candidate-index/candidate-indexes.service.js';

@Module({
  imports: [SynthesisModule, QuotaModule, CurationModule],
  controllers: [LookupController, BrowseController, PurchaseLinkController, OpenApiController],
  providers: [
    LookupRequestGuard,
    LookupRepository,
    AnswerRepository,
    Assessments,
    NameResolver,
    LookupService,
    PublishedCatalog,
    CandidateIndexRepository,
    CandidateIndexes,
    LookupCache,
    BrowseRepository,
    BrowseService,
  ],
  exports: [NameResolver, LookupRepository, AnswerRepository, LookupService, BrowseService],
})
export class LookupModule {}
