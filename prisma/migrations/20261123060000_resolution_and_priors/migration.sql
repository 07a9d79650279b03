-- Name resolution also searches the spacing-free form of names ("wh1000xm5"), and synthesis
-- shrinks criterion scores toward each category's mean, kept here by every catalog import.

-- CreateIndex
CREATE INDEX "product_search_names_name_compact_trgm_idx" ON "product_search_names" USING GIN ("name_compact" gin_trgm_ops);

-- CreateTable
CREATE TABLE "category_priors" (
    "category" TEXT NOT NULL,
    "criterion" TEXT NOT NULL,
    "mean" DOUBLE PRECISION NOT NULL,
    "ratings" INTEGER NOT NULL,

    CONSTRAINT "category_priors_pkey" PRIMARY KEY ("category","criterion")
);
