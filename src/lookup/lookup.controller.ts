import { Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { batchLookupBody, parseRequest, singleLookupQuery } from './lookup-request.schema.js';
import { LookupService } from './lookup.service.js';

@Controller('v1/product-intelligence')
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  @Get()
  async single(@Query() query: unknown, @Req() req: Request): Promise<LookupResult> {
    const request = parseRequest(singleLookupQuery, query, 'query');
    return await this.lookups.lookup(request.product_name, request.detail, req.apiKeyId);
  }

  @Post('batch')
  @HttpCode(200)
  async batch(@Req() req: Request): Promise<{ results: LookupResult[] }> {
    if (req.bodyProblem) throw req.bodyProblem;
    const request = parseRequest(batchLookupBody, req.body, 'request body');
    return { results: await this.lookups.lookupMany(request.product_names, req.apiKeyId) };
  }
}
