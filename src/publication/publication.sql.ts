// "The latest publication": the one rule, shared by the import (catalog.repository.ts) and
// the lookups (lookup.repository.ts), which both run it.

/** One catalog import or offers feed: its id keys cached answers, its time is their as_of. */
export interface Publication {
  id: number;
  publishedAt: Date;
  /** What it holds, and what made it: read with it from the database (not before any). */
  products?: number;
  reviews?: number;
  offers?: number;
  /** A catalog import that replaced the catalog rather than merging into it. */
  replaced?: boolean;
  /** The retailer whose offers feed made it; null for a catalog import. */
  feedRetailer?: string | null;
  /** Made by confirming or removing an alias: the previous publication's data, a new id. */
  curated?: boolean;
}

/** The catalog publication answers come from: the latest import. */
export const LATEST_PUBLICATION = `
  SELECT id, published_at AS "publishedAt", synthesis_key AS "synthesisKey",
         product_count AS products, review_count AS reviews, offer_count AS offers, replaced,
         feed_retailer AS "feedRetailer", curated
    FROM catalog_publications
   ORDER BY imported_at DESC, id DESC
   LIMIT 1`;

/**
 * The advisory lock of whatever publishes (a catalog import, an offers feed, an alias): one at
 * a time, so that each publication goes on from the one before. Any constant all instances share.
 */
export const PUBLISHING_LOCK_KEY = 7_261_123_002;

/** The PostgreSQL notification channel a committed import announces itself on. */
export const CATALOG_PUBLISHED_CHANNEL = 'catalog_published';
