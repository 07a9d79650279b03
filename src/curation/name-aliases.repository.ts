import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import { nameKey } from '../names/name-normaliser.js';
import {
  CATALOG_PUBLISHED_CHANNEL,
  LATEST_PUBLICATION,
  PUBLISHING_LOCK_KEY,
} from '../publication/publication.sql.js';

/** A confirmed name, with its product as the published catalog has it (if it still does). */
export interface NameAlias {
  key: string;
  name: string;
  productId: string;
  /** Null when an import removed the product: the alias finds nothing until it returns. */
  productName: string | null;
  /** The product whose own name the alias now is (an import gave it), which wins; else null. */
  shadowedBy: string | null;
  createdAt: Date;
}

/** Why an alias cannot be confirmed or removed, in words an admin acts on. */
export class AliasRefused extends Error {}

type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];

/**
 * Names people confirmed (name_aliases), apart from the imported catalog. Each change is a
 * small publication: a new id with the latest publication's data, announced like an import's,
 * so every instance drops its cached answers and finds the alias within its poll.
 */
@Injectable()
export class NameAliasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Confirms `name` as product `productId`'s; refused when it names anything else. */
  async add(name: string, productId: string): Promise<NameAlias> {
    const key = nameKey(name);
    if (key === '') throw new AliasRefused('the name has no letter or digit');
    return await this.publishing(async (tx) => {
      const [product] = await tx.$queryRaw<{ name: string }[]>`
        SELECT name FROM products WHERE id = ${productId}`;
      if (!product) throw new AliasRefused(`no product has the id ${JSON.stringify(productId)}`);
      const [named] = await tx.$queryRaw<{ id: string; name: string }[]>`
        SELECT p.id, p.name FROM name_keys k JOIN products p ON p.id = k.product_id
         WHERE k.key = ${key}`;
      if (named)
        throw new AliasRefused(
          named.id === productId
            ? `${JSON.stringify(name)} is already the name of ${productId} (${named.name})`
            : `${JSON.stringify(name)} is exactly the name of product ${named.id} (${named.name})`,
        );
      const [aliased] = await tx.$queryRaw<{ productId: string }[]>`
        SELECT product_id AS "productId" FROM name_aliases WHERE key = ${key}`;
      if (aliased)
        throw new AliasRefused(
          `${JSON.stringify(name)} is already an alias of product ${aliased.productId}`,
        );
      const [alias] = await tx.$queryRaw<{ createdAt: Date }[]>`
        INSERT INTO name_aliases (key, name, product_id) VALUES (${key}, ${name.trim()}, ${productId})
        RETURNING created_at AS "createdAt"`;
      // Found from now on: no longer a name to review.
      await tx.$executeRaw`DELETE FROM asked_names WHERE key = ${key}`;
      return {
        key,
        name: name.trim(),
        productId,
        productName: product.name,
        shadowedBy: null,
        createdAt: alias!.createdAt,
      };
    });
  }

  /** Removes the alias `name` folds to; refused when there is none. */
  async remove(name: string): Promise<{ key: string; productId: string }> {
    const key = nameKey(name);
    return await this.publishing(async (tx) => {
      const [removed] = await tx.$queryRaw<{ productId: string }[]>`
        DELETE FROM name_aliases WHERE key = ${key} RETURNING product_id AS "productId"`;
      if (!removed) throw new AliasRefused(`no alias is ${JSON.stringify(name)}`);
      return { key, productId: removed.productId };
    });
  }

  /** Every alias, the newest first, with its product as published. */
  async list(): Promise<NameAlias[]> {
    return await this.prisma.$queryRaw<NameAlias[]>`
      SELECT a.key, a.name, a.product_id AS "productId", p.name AS "productName",
             k.product_id AS "shadowedBy", a.created_at AS "createdAt"
        FROM name_aliases a
        LEFT JOIN products p ON p.id = a.product_id
        LEFT JOIN name_keys k ON k.key = a.key AND k.product_id <> a.product_id
       ORDER BY a.created_at DESC, a.key`;
  }

  /**
   * `change` in one transaction that publishes: under the publishing lock (an import or a
   * feed publishing now refuses it), then a publication with the latest one's data, announced.
   */
  private async publishing<T>(change: (tx: Tx) => Promise<T>): Promise<T> {
    return await this.prisma.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${PUBLISHING_LOCK_KEY}::bigint) AS locked`;
      if (!lock?.locked)
        throw new AliasRefused(
          'a catalog import or offers feed is publishing: try again when it ends',
        );
      const result = await change(tx);
      await tx.$executeRawUnsafe(`
        INSERT INTO catalog_publications (published_at, imported_at, replaced, product_count,
                                          review_count, offer_count, synthesis_key, curated)
        SELECT "publishedAt", clock_timestamp(), false, products, reviews, offers, "synthesisKey", true
          FROM (${LATEST_PUBLICATION}) latest`);
      await tx.$executeRawUnsafe(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
      return result;
    });
  }
}
