import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { Charge, ValidatedRequest } from '../quota/charge.decorator.js';
import { QuotaGuard } from '../quota/quota.guard.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import {
  assertUtf8Query,
  parseBatchLookup,
  parseSingleLookup,
  type BatchLookupBody,
  type SingleLookupQuery,
} from './lookup-request.schema.js';
import { lookupCost } from './lookup-cost.js';
import { LookupService } from './lookup.service.js';

/** Validates a single lookup and prices it (lookup-cost.ts). */
const single = (req: Request) => {
  assertUtf8Query(req.originalUrl);
  const request = parseSingleLookup(req.query);
  return { request, cost: lookupCost(request) };
};

const batch = (req: Request) => {
  if (req.bodyProblem) throw req.bodyProblem;
  const request = parseBatchLookup(req.body);
  return { request, cost: lookupCost(request) };
};

@Controller('v1/product-intelligence')
@UseGuards(QuotaGuard)
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  @Get()
  @Charge(single)
  async single(
    @ValidatedRequest() request: SingleLookupQuery,
    @Req() req: Request,
  ): Promise<LookupResult> {
    return await this.lookups.lookup(request.product_name, request.detail, req.apiKeyId);
  }

  @Post('batch')
  @HttpCode(200)
  @Charge(batch)
  async batch(
    @ValidatedRequest() request: BatchLookupBody,
    @Req() req: Request,
  ): Promise<{ results: LookupResult[] }> {
    return { results: await this.lookups.lookupMany(request.product_names, req.apiKeyId) };
  }
}
