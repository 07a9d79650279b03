-- Browsing a category (issue 55) reads a page in one of two orders (src/lookup/browse/
-- browse.repository.ts, SORTS). These indexes are those orders' expressions, after the
-- category, so that a page is read from the index where the last one ended (its cursor an
-- index condition) instead of sorting the whole category: on a 140,000-product category,
-- 0.3 to 0.5 ms a page against 74 to 300 ms. Prisma's schema cannot state an index on
-- expressions: the schema agreement test lists these two (EXPRESSION_INDEXES).

-- CreateIndex
CREATE INDEX "product_scores_score_order_idx" ON "product_scores"
  ("category", ("category_rank" IS NULL), (coalesce("category_rank", 0)::float8),
   (-"service_score"), ("product_id" COLLATE "C"));

-- CreateIndex
CREATE INDEX "product_scores_price_order_idx" ON "product_scores"
  ("category", ("starting_price_usd" IS NULL), (coalesce("starting_price_usd", 0)),
   (-"service_score"), ("product_id" COLLATE "C"));
