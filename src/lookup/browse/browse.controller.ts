import { Controller, Get, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { QuotaGuard } from '../../quota/quota.guard.js';
import { SpendChargeInterceptor } from '../../quota/spend-charge.interceptor.js';
import {
  LookupRequestGuard,
  ParseLookupRequest,
  ValidatedRequest,
} from '../lookup-request.guard.js';
import {
  parseCategoryList,
  parseCategoryPage,
  type CategoryPageRequest,
} from './browse-request.schema.js';
import type { CategoryList, CategoryPage } from './browse-response.schema.js';
import { BrowseService } from './browse.service.js';

/**
 * Browsing by category: checked and charged as a lookup is (401, then 400, then 429), one
 * lookup of the budget per request, given back when it fails with 503.
 */
@Controller('v1/categories')
@UseGuards(LookupRequestGuard, QuotaGuard)
@UseInterceptors(SpendChargeInterceptor)
export class BrowseController {
  constructor(private readonly browse: BrowseService) {}

  @Get()
  @ParseLookupRequest(parseCategoryList)
  async categories(): Promise<CategoryList> {
    return await this.browse.categories();
  }

  @Get(':key/products')
  @ParseLookupRequest(parseCategoryPage)
  async products(
    @ValidatedRequest() request: CategoryPageRequest,
    @Req() req: Request,
  ): Promise<CategoryPage> {
    return await this.browse.page(request, req.apiKeyId);
  }
}
