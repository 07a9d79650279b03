// How a product is read with its reviews and offers, as one JSON object a row: the lookups
// (a product synthesized on demand) and the import (every product's answer computed at
// publication) read it alike. `table` names a table of the catalog read (the published one, or
// one being built). Timestamps come as text; synthesis/product-record.ts parses the object.

export function productRecordJson(alias: string, table: (name: string) => string): string {
  return `json_build_object(
    'id', ${alias}.id, 'name', ${alias}.name, 'brand', ${alias}.brand,
    'category', ${alias}.category, 'names', ${alias}.names_norm,
    'reviews', coalesce((SELECT json_agg(json_build_object(
                 'source', r.source, 'sourceType', r.source_type, 'score', r.score,
                 'summary', r.summary, 'url', r.url, 'reviewedAt', r.reviewed_at,
                 'criteria', r.criteria, 'pros', coalesce(r.pros, '{}'),
                 'cons', coalesce(r.cons, '{}')))
                   FROM ${table('reviews')} r WHERE r.product_id = ${alias}.id), '[]'),
    'offers', coalesce((SELECT json_agg(json_build_object(
                 'offerId', o.id::text, 'retailerName', o.retailer_name,
                 'price', o.price::float8, 'priceAsOf', o.price_as_of, 'url', o.url))
                   FROM ${table('offers')} o WHERE o.product_id = ${alias}.id), '[]'))`;
}

/** Every category's mean of each criterion, and its mean overall score (the priors' sources). */
export const categoryMeansSql = (table: (name: string) => string) => ({
  criteria: `SELECT category, criterion, mean, ratings::float8 AS ratings
               FROM ${table('category_priors')}`,
  scores: `SELECT category, mean, reviews::float8 AS reviews FROM ${table('category_score_priors')}`,
});
