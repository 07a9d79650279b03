-- Reviews may state pros and cons (catalog-format.md), and service_score is shrunk toward each
-- category's mean overall score, kept here by every catalog import beside the criterion priors
-- (docs/synthesis.md).

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN "pros" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "cons" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "category_score_priors" (
    "category" TEXT NOT NULL,
    "mean" DOUBLE PRECISION NOT NULL,
    "reviews" INTEGER NOT NULL,

    CONSTRAINT "category_score_priors_pkey" PRIMARY KEY ("category")
);

-- A catalog imported before this migration gets its priors now, not at its next import.
INSERT INTO "category_score_priors" ("category", "mean", "reviews")
SELECT p."category", avg(r."score"), count(*)
  FROM "reviews" r
  JOIN "products" p ON p."id" = r."product_id"
 GROUP BY p."category";
