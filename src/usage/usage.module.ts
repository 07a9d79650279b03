import { Module } from '@nestjs/common';
import { UsageCounters } from './usage-counters.js';
import { UsageRepository } from './usage.repository.js';

/** Per-key usage counters: fed by the quota's charge path, read by the usage page. */
@Module({
  providers: [UsageRepository, UsageCounters],
  exports: [UsageRepository, UsageCounters],
})
export class UsageModule {}
