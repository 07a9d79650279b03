-- Each product's standing in its category (issue 55), computed at publication with the stored
-- answers: its service_score and source_count as its answer states them, and its rank among
-- the category's reviewed products (those a source scored), 1 the best. An import builds it
-- beside the published catalog and swaps it in with the rest; until a catalog is imported
-- again after this migration, it is empty and answers rank nothing.

-- CreateTable
CREATE TABLE "product_scores" (
    "product_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "service_score" DOUBLE PRECISION NOT NULL,
    "source_count" INTEGER NOT NULL,
    "category_rank" INTEGER,
    "category_reviewed" INTEGER NOT NULL,

    CONSTRAINT "product_scores_pkey" PRIMARY KEY ("product_id")
);

-- CreateIndex
CREATE INDEX "product_scores_category_category_rank_idx" ON "product_scores"("category", "category_rank");

-- AddForeignKey
ALTER TABLE "product_scores" ADD CONSTRAINT "product_scores_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
