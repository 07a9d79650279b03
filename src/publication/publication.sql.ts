// "The latest publication": the one rule, shared by the import (catalog.repository.ts) and
// the lookups (lookup.repository.ts), which both run it.

/** One catalog import: its id keys cached answers, its time is every answer's as_of. */
export interface Publication {
  id: number;
  publishedAt: Date;
}

/** The catalog publication answers come from: the latest import. */
export const LATEST_PUBLICATION = `
  SELECT id, published_at AS "publishedAt", synthesis_key AS "synthesisKey"
    FROM catalog_publications
   ORDER BY imported_at DESC, id DESC
   LIMIT 1`;

/** The PostgreSQL notification channel a committed import announces itself on. */
export const CATALOG_PUBLISHED_CHANNEL = 'catalog_published';
