import { Injectable } from '@nestjs/common';
import { Prisma } from '../database/generated/prisma/client.js';
import { DatabaseReader } from '../database/database-reader.js';
import { PrismaService } from '../database/prisma.service.js';
import { CRITERIA, type Criterion } from '../synthesis/taxonomy.js';
import type { CriterionPriors, ProductRecord } from '../synthesis/synthesis.types.js';

/** A product that may be what a query names, with every name it is known by. */
export interface CandidateProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  names: string[];
}

/** Where no rating exists anywhere, a criterion's prior is the middle of the scale. */
const NEUTRAL_PRIOR = 50;

/** All SQL of lookups: candidate generation, product reads, priors, publication. */
@Injectable()
export class LookupRepository {
  constructor(
    private readonly prisma: PrismaService,
    /** Reads go to a caught-up replica when there is one; writes (clicks) to the primary. */
    private readonly reader: DatabaseReader,
  ) {}

  /**
   * Products whose names or aliases resemble the query by trigrams, best first: the
   * normalised query inside a name (`<%`), or the spacing-free forms alike (`%`).
   */
  async findCandidates(
    normalised: string,
    compact: string,
    limit: number,
  ): Promise<CandidateProduct[]> {
    // Two branches, each answerable from its own trigram index.
    const rows = await this.reader.client().$queryRaw<{ product_id: string }[]>(Prisma.sql`
      SELECT product_id
        FROM ((SELECT product_id, word_similarity(${normalised}, name_norm) AS sim
                 FROM product_search_names
                WHERE ${normalised} <% name_norm
                ORDER BY sim DESC
                LIMIT ${limit * 2})
              UNION ALL
              (SELECT product_id, similarity(${compact}, name_compact) AS sim
                 FROM product_search_names
                WHERE ${compact} % name_compact
                ORDER BY sim DESC
                LIMIT ${limit * 2})) matches
       GROUP BY product_id
       ORDER BY max(sim) DESC, product_id
       LIMIT ${limit}`);
    if (rows.length === 0) return [];
    const products = await this.reader.client().product.findMany({
      where: { id: { in: rows.map((r) => r.product_id) } },
      select: {
        id: true,
        name: true,
        brand: true,
        category: true,
        searchNames: { select: { nameNorm: true } },
      },
    });
    return products.map((p) => ({
      id: p.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      names: p.searchNames.map((n) => n.nameNorm),
    }));
  }

  async findProduct(id: string): Promise<ProductRecord | undefined> {
    const product = await this.reader.client().product.findUnique({
      where: { id },
      include: { reviews: true, offers: true },
    });
    if (!product) return undefined;
    return {
      id: product.id,
      name: product.name,
      brand: product.brand,
      category: product.category,
      reviews: product.reviews.map((r) => ({
        source: r.source,
        sourceType: r.sourceType,
        score: r.score,
        summary: r.summary,
        criteria: r.criteria as Partial<Record<Criterion, number>>,
      })),
      offers: product.offers.map((o) => ({
        offerId: o.id.toString(),
        retailerName: o.retailerName,
        price: o.price.toNumber(),
        priceAsOf: o.priceAsOf,
        url: o.url,
      })),
    };
  }

  /** The category's mean of each criterion; the catalog-wide mean where it has none. */
  async priorsOf(category: string): Promise<CriterionPriors> {
    const rows = await this.reader
      .client()
      .$queryRaw<{ criterion: string; category_mean: number | null; overall: number }[]>(
        Prisma.sql`
        SELECT criterion,
               sum(mean * ratings) FILTER (WHERE category = ${category})
                 / nullif(sum(ratings) FILTER (WHERE category = ${category}), 0) AS category_mean,
               sum(mean * ratings) / sum(ratings) AS overall
          FROM category_priors
         GROUP BY criterion`,
      );
    const byCriterion = new Map(rows.map((r) => [r.criterion, r.category_mean ?? r.overall]));
    return Object.fromEntries(
      CRITERIA.map((criterion) => [criterion, byCriterion.get(criterion) ?? NEUTRAL_PRIOR]),
    ) as CriterionPriors;
  }

  async findOffer(id: string): Promise<{ id: bigint; productId: string; url: string } | undefined> {
    const offer = await this.reader.client().offer.findUnique({
      where: { id: BigInt(id) },
      select: { id: true, productId: true, url: true },
    });
    return offer ?? undefined;
  }

  async recordClick(click: {
    offerId: bigint;
    productId: string;
    url: string;
    keyId?: string;
  }): Promise<void> {
    await this.prisma.purchaseClick.create({
      data: {
        offerId: click.offerId,
        productId: click.productId,
        retailerUrl: click.url,
        apiKeyId: click.keyId ?? null,
      },
    });
  }

  async publishedAt(): Promise<Date | undefined> {
    const latest = await this.reader.client().catalogPublication.findFirst({
      orderBy: [{ importedAt: 'desc' }, { id: 'desc' }],
      select: { publishedAt: true },
    });
    return latest?.publishedAt;
  }
}
