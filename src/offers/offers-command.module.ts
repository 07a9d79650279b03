import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { ConfigModule } from '../config/config.module.js';
import { CurationModule } from '../curation/curation.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { OffersFeedService } from './offers-feed.service.js';

/** What catalog:offers needs: the catalog's offers, the resolver for titles, the names asked. */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    MetricsModule,
    CatalogModule,
    LookupModule,
    CurationModule,
  ],
  providers: [OffersFeedService],
})
export class OffersCommandModule {}
