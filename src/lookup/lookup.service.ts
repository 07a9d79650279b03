import { Injectable } from '@nestjs/common';
import { toCompact } from '../synthesis/compact.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import { SynthesisService } from '../synthesis/synthesis.service.js';
import { LookupRepository } from './lookup.repository.js';
import type { Detail } from './lookup-request.schema.js';
import { NameResolver } from './name-resolver.service.js';

/** The as_of of answers while no catalog has been published. */
const NEVER_PUBLISHED = new Date(0);

/** Both lookups: resolve the name, then synthesize the product's assessment. */
@Injectable()
export class LookupService {
  constructor(
    private readonly resolver: NameResolver,
    private readonly repository: LookupRepository,
    private readonly synthesis: SynthesisService,
    private readonly links: PurchaseLinks,
  ) {}

  async lookup(name: string, detail: Detail, keyId?: string): Promise<LookupResult> {
    const [outcome, publishedAt] = await Promise.all([
      this.resolver.resolve(name),
      this.repository.publishedAt(),
    ]);
    const asOf = publishedAt ?? NEVER_PUBLISHED;
    const other_matches = outcome.candidates.map((c) => ({ name: c.name, match_score: c.score }));
    const product = outcome.productId
      ? await this.repository.findProduct(outcome.productId)
      : undefined;
    if (!product) return { found: false, other_matches, as_of: asOf.toISOString() };
    const body = this.synthesis.synthesize({
      product,
      priors: await this.repository.priorsOf(product.category),
      publishedAt: asOf,
      resolution: { confidence: outcome.confidence, other_matches },
      buyUrl: (offer) => this.links.urlFor({ offerId: offer.offerId, ...(keyId && { keyId }) }),
    });
    return detail === 'compact' ? toCompact(body) : body;
  }

  /** The names of a batch, resolved together; results in request order. */
  async lookupMany(names: string[], keyId?: string): Promise<LookupResult[]> {
    return await Promise.all(names.map((name) => this.lookup(name, 'full', keyId)));
  }
}
