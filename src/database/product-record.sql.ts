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

/**
 * The same products as plain rows, for reading many at once (the import's answers): a COPY of
 * each product's row (kind `p`), its reviews' (`r`) and its offers' (`o`), ordered by product
 * id, so that a product's rows come together; PostgreSQL merges three index scans rather than
 * building an object a product. Timestamps are milliseconds since the epoch, the criteria a
 * JSON object, pros and cons JSON arrays. `only`, a query of product ids, limits the products.
 * catalog/product-rows.ts reads the rows back.
 */
export function productRowsSql(table: (name: string) => string, only?: string): string {
  const among = (column: string) => (only ? `WHERE ${column} IN (${only})` : '');
  const ms = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;
  return `SELECT p.id, 'p', p.name, p.brand, p.category, NULL::text, NULL::text,
                 NULL::float8, NULL::bigint, NULL::text, NULL::text
            FROM ${table('products')} p ${among('p.id')}
          UNION ALL
          SELECT r.product_id, 'r', r.source, r.source_type::text, r.summary, r.url,
                 r.criteria::text, r.score::float8, ${ms('r.reviewed_at')},
                 array_to_json(coalesce(r.pros, '{}'))::text,
                 array_to_json(coalesce(r.cons, '{}'))::text
            FROM ${table('reviews')} r ${among('r.product_id')}
          UNION ALL
          SELECT o.product_id, 'o', o.id::text, o.retailer_name, o.url, NULL, NULL,
                 o.price::float8, ${ms('o.price_as_of')}, NULL, NULL
            FROM ${table('offers')} o ${among('o.product_id')}
          ORDER BY 1`;
}

/** Every category's mean of each criterion, and its mean overall score (the priors' sources). */
export const categoryMeansSql = (table: (name: string) => string) => ({
  criteria: `SELECT category, criterion, mean, ratings::float8 AS ratings
               FROM ${table('category_priors')}`,
  scores: `SELECT category, mean, reviews::float8 AS reviews FROM ${table('category_score_priors')}`,
});
