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
import { LookupService } from './lookup.service.js';

/** A single lookup costs 1; a batch of N names costs N (docs/decisions.md, Rate limits). */
const single = (req: Request) => {
  assertUtf8Query(req.originalUrl);
  return { request: parseSingleLookup(req.query), cost: 1 };
};

const batch = (req: Request) => {
  if (req.bodyProblem) throw req.bodyProblem;
  const request = parseBatchLookup(req.body);
  return { request, cost: request.product_names.length };
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
