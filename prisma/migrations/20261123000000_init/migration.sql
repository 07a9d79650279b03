-- Catalog, keys and clicks. Written by hand in Prisma Migrate's layout; applied by
-- src/database/migrator.ts under an advisory lock.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "source_type" AS ENUM ('lab_test', 'expert_review', 'user_reviews', 'community');

-- CreateTable
CREATE TABLE "products" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "aliases" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "name_norm" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_search_names" (
    "product_id" TEXT NOT NULL,
    "name_norm" TEXT NOT NULL,
    "name_compact" TEXT NOT NULL,
    "is_alias" BOOLEAN NOT NULL,

    CONSTRAINT "product_search_names_pkey" PRIMARY KEY ("product_id","name_norm")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" BIGSERIAL NOT NULL,
    "product_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "source_type" "source_type" NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "summary" TEXT NOT NULL,
    "url" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "criteria" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" BIGSERIAL NOT NULL,
    "product_id" TEXT NOT NULL,
    "retailer_name" TEXT NOT NULL,
    "price" DECIMAL(12,2) NOT NULL,
    "price_as_of" TIMESTAMPTZ(3) NOT NULL,
    "url" TEXT NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_publications" (
    "id" SERIAL NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "replaced" BOOLEAN NOT NULL,
    "product_count" INTEGER NOT NULL,
    "review_count" INTEGER NOT NULL,
    "offer_count" INTEGER NOT NULL,

    CONSTRAINT "catalog_publications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "display_prefix" TEXT NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purchase_clicks" (
    "id" BIGSERIAL NOT NULL,
    "api_key_id" TEXT,
    "product_id" TEXT NOT NULL,
    "offer_id" BIGINT NOT NULL,
    "retailer_url" TEXT NOT NULL,
    "clicked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "purchase_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "products_category_idx" ON "products"("category");

-- CreateIndex
CREATE INDEX "product_search_names_name_norm_idx" ON "product_search_names"("name_norm");

-- CreateIndex
CREATE INDEX "product_search_names_name_compact_idx" ON "product_search_names"("name_compact");

-- CreateIndex
CREATE INDEX "product_search_names_name_norm_trgm_idx" ON "product_search_names" USING GIN ("name_norm" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "reviews_product_id_source_key" ON "reviews"("product_id", "source");

-- CreateIndex
CREATE INDEX "offers_product_id_idx" ON "offers"("product_id");

-- CreateIndex
CREATE INDEX "catalog_publications_imported_at_idx" ON "catalog_publications"("imported_at");

-- CreateIndex
CREATE INDEX "purchase_clicks_api_key_id_clicked_at_idx" ON "purchase_clicks"("api_key_id", "clicked_at");

-- AddForeignKey
ALTER TABLE "product_search_names" ADD CONSTRAINT "product_search_names_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchase_clicks" ADD CONSTRAINT "purchase_clicks_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
