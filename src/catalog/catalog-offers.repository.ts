import { Injectable } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AppConfig } from '../config/app-config.js';
import { synthesisKey } from '../synthesis/stored-assessment.js';
import { computeAnswers, copyInto } from './catalog-answers.js';
import { DatabaseServer } from '../database/database-server.js';
import { CATALOG_PUBLISHED_CHANNEL, LATEST_PUBLICATION } from '../publication/publication.sql.js';
import { lockCatalog } from './import-session.js';
import { chooseAgain, FACT_COLUMNS } from './product-scores.js';

/** A product a feed's line may be: by barcode, or by part number with its brand. */
export interface CodedProduct {
  id: string;
  brand: string;
  gtins: string[];
}

/** One offer of a retailer's feed for a catalog product. */
export interface FeedOffer {
  productId: string;
  price: number;
  url: string;
}

export interface OffersPublished {
  products: number;
  offers: number;
  /** This retailer's offers the feed replaced (those of the products it matched). */
  replaced: number;
  publishedAt: Date;
  ms: number;
}

/** Products are read in pieces of this many keys: one statement each. */
const PIECE = 10_000;

/**
 * The SQL of an offers feed: the products its lines name by barcode or part number, and the
 * publication of its offers. The offers are replaced in the published tables, in one
 * transaction under the import's lock, with a new publication: lookups read the old offers
 * until it commits, then the new ones, and every instance drops its cached answers.
 */
@Injectable()
export class CatalogOffersRepository {
  constructor(
    private readonly server: DatabaseServer,
    private readonly config: AppConfig,
  ) {}

  private async withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({
      connectionString: this.server.url,
      application_name: 'catalog:offers',
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** The product carrying each barcode (14 digits). */
  async byBarcodes(gtins: string[]): Promise<Map<string, CodedProduct>> {
    const found = new Map<string, CodedProduct>();
    await this.withClient(async (client) => {
      for (let i = 0; i < gtins.length; i += PIECE) {
        const { rows } = await client.query<CodedProduct & { gtin: string }>(
          `SELECT g.gtin, p.id, p.brand, p.gtins
             FROM unnest($1::text[]) AS g(gtin)
             JOIN products p ON p.gtins @> ARRAY[g.gtin]`,
          [gtins.slice(i, i + PIECE)],
        );
        for (const { gtin, ...product } of rows) found.set(gtin, product);
      }
    });
    return found;
  }

  /** The products of these ids. */
  async byIds(ids: string[]): Promise<Map<string, CodedProduct>> {
    const found = new Map<string, CodedProduct>();
    await this.withClient(async (client) => {
      for (let i = 0; i < ids.length; i += PIECE) {
        const { rows } = await client.query<CodedProduct>(
          'SELECT id, brand, gtins FROM products WHERE id = ANY($1::text[])',
          [ids.slice(i, i + PIECE)],
        );
        for (const product of rows) found.set(product.id, product);
      }
    });
    return found;
  }

  /** The products of each folded part number (names/name-normaliser.ts): one or several. */
  async byPartNumbers(keys: string[]): Promise<Map<string, CodedProduct[]>> {
    const found = new Map<string, CodedProduct[]>();
    await this.withClient(async (client) => {
      for (let i = 0; i < keys.length; i += PIECE) {
        const { rows } = await client.query<CodedProduct & { key: string }>(
          `SELECT mpn_key AS key, id, brand, gtins FROM products WHERE mpn_key = ANY($1::text[])`,
          [keys.slice(i, i + PIECE)],
        );
        for (const { key, ...product } of rows)
          found.set(key, [...(found.get(key) ?? []), product]);
      }
    });
    return found;
  }

  /**
   * Replaces `retailer`'s offers of the products `offers` name with them, and publishes. The
   * retailer's offers of other products stay.
   */
  async publish(retailer: string, offers: FeedOffer[], priceAsOf: Date): Promise<OffersPublished> {
    return await this.withClient(async (client) => {
      await lockCatalog(client, 'a catalog import is running: try again when it ends');
      const started = performance.now();
      const products = [...new Set(offers.map((o) => o.productId))];
      await client.query('BEGIN');
      try {
        const removed = await client.query(
          'DELETE FROM offers WHERE retailer_name = $1 AND product_id = ANY($2::text[])',
          [retailer, products],
        );
        // The feed owns them now: a later import keeps them unless it states newer prices.
        await client.query(
          `INSERT INTO offers (product_id, retailer_name, price, price_as_of, url, origin)
           SELECT o.product_id, $1, o.price, $2, o.url, 'feed'
             FROM unnest($3::text[], $4::numeric[], $5::text[]) AS o(product_id, price, url)`,
          [
            retailer,
            priceAsOf,
            offers.map((o) => o.productId),
            offers.map((o) => String(o.price)),
            offers.map((o) => o.url),
          ],
        );
        const key = synthesisKey(this.config.synthesis);
        const stored = await this.refreshAnswers(client, products, key);
        // The counts go on from the latest publication's: counting millions of rows again
        // would take longer than the offers do. Its stored answers stay trusted only if this
        // process computed the changed ones with the same settings.
        const { rows } = await client.query<{ publishedAt: Date }>(
          `INSERT INTO catalog_publications
             (published_at, replaced, product_count, review_count, offer_count, synthesis_key,
              feed_retailer)
           SELECT now(), false, product_count, review_count, offer_count + $1 - $2,
                  CASE WHEN $3 THEN synthesis_key END, $4
             FROM catalog_publications WHERE id = (SELECT id FROM (${LATEST_PUBLICATION}) latest)
           RETURNING published_at AS "publishedAt"`,
          [offers.length, removed.rowCount ?? 0, stored, retailer],
        );
        await client.query(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
        await client.query('COMMIT');
        return {
          products: products.length,
          offers: offers.length,
          replaced: removed.rowCount ?? 0,
          publishedAt: rows[0]!.publishedAt,
          ms: Math.round(performance.now() - started),
        };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * The stored answers of `products`, computed again with their new offers (in the caller's
   * transaction), when the published answers were computed with this process's settings, and
   * their standing: their new prices in product_scores, and every product of their categories
   * chosen for again. Whether they were: if not, none is stored to trust.
   */
  private async refreshAnswers(
    client: pg.Client,
    products: string[],
    key: string,
  ): Promise<boolean> {
    const { rows } = await client.query<{ synthesisKey: string | null }>(LATEST_PUBLICATION);
    if (rows[0]?.synthesisKey !== key) return false;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'catalog-offers-'));
    try {
      await client.query(
        'CREATE TEMP TABLE touched ON COMMIT DROP AS SELECT unnest($1::text[]) AS id',
        [products],
      );
      const live = (table: string) => table;
      const touched = 'SELECT id FROM touched';
      const task = {
        config: this.config.synthesis,
        publishedAt: new Date().toISOString(), // not stored: each answer's as_of is its publication's
      };
      const answers = path.join(dir, 'answers.copy');
      const facts = path.join(dir, 'facts.copy');
      await computeAnswers(client, live, task, createWriteStream(answers), {
        only: touched,
        scores: createWriteStream(facts),
      });
      await client.query(
        'DELETE FROM product_answers WHERE product_id IN (SELECT id FROM touched)',
      );
      await copyInto(client, 'product_answers (product_id, body)', answers, true);
      await client.query(
        'CREATE TEMP TABLE touched_facts ON COMMIT DROP AS SELECT * FROM product_scores LIMIT 0',
      );
      await copyInto(client, `touched_facts (${FACT_COLUMNS})`, facts);
      await client.query(
        `UPDATE product_scores s
            SET service_score = f.service_score, source_count = f.source_count,
                starting_price_usd = f.starting_price_usd
           FROM touched_facts f WHERE f.product_id = s.product_id`,
      );
      await chooseAgain(client, touched);
      return true;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
