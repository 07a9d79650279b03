import { Controller, Get, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { QuotaGuard } from '../quota/quota.guard.js';
import { SpendChargeInterceptor } from '../quota/spend-charge.interceptor.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import {
  assertUtf8Query,
  parseBatchLookup,
  parseSingleLookup,
  type BatchLookupBody,
  type SingleLookupQuery,
} from './lookup-request.schema.js';
import {
  LookupRequestGuard,
  ParseLookupRequest,
  ValidatedRequest,
} from './lookup-request.guard.js';
import { LookupService } from './lookup.service.js';

/** A single lookup's query, or its 400. */
const single = (req: Request) => {
  assertUtf8Query(req.originalUrl);
  return parseSingleLookup(req.query);
};

/** A batch's body, or its 400/413/415. */
const batch = (req: Request) => {
  if (req.bodyProblem) throw req.bodyProblem;
  return parseBatchLookup(req.body);
};

@Controller('v1/product-intelligence')
@UseGuards(LookupRequestGuard, QuotaGuard)
// A lookup that fails with 503 costs nothing: its charge is given back.
@UseInterceptors(SpendChargeInterceptor)
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  @Get()
  @ParseLookupRequest(single)
  async single(
    @ValidatedRequest() request: SingleLookupQuery,
    @Req() req: Request,
  ): Promise<LookupResult> {
    return await this.lookups.lookup(request.product_name, request.detail, req.apiKeyId, 'http');
  }

  @Post('batch')
  @HttpCode(200)
  @ParseLookupRequest(batch)
  async batch(
    @ValidatedRequest() request: BatchLookupBody,
    @Req() req: Request,
  ): Promise<{ results: LookupResult[] }> {
    return {
      results: await this.lookups.lookupMany(request.product_names, req.apiKeyId, 'http'),
    };
  }
}
