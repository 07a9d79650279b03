import { Module } from '@nestjs/common';
import { LookupModule } from '../lookup/lookup.module.js';
import { QuotaModule } from '../quota/quota.module.js';
import { McpController } from './mcp.controller.js';
import { McpService } from './mcp.service.js';

@Module({
  imports: [LookupModule, QuotaModule],
  controllers: [McpController],
  providers: [McpService],
})
export class McpModule {}
