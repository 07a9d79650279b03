import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import { LookupRepository } from './lookup.repository.js';

/** Follows a tracked purchase link: records the click and redirects to the retailer. */
/** Public: people follow these links in browsers, with no key. */
@Public()
@Controller('v1/r')
export class PurchaseLinkController {
  constructor(
    private readonly links: PurchaseLinks,
    private readonly repository: LookupRepository,
  ) {}

  @Get(':token')
  async follow(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const target = this.links.verify(token);
    const offer = target && (await this.repository.findOffer(target.offerId));
    if (!target || !offer) throw new NotFoundException();
    await this.repository.recordClick({
      offerId: offer.id,
      productId: offer.productId,
      url: offer.url,
      ...(target.keyId && { keyId: target.keyId }),
    });
    res.redirect(302, offer.url);
  }
}
