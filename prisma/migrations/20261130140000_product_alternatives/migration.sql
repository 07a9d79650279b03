-- What to buy instead (issue 55), computed at publication beside each product's rank: its
-- lowest price as its stored answer states it, and the products its answer offers instead
-- ("better", "cheaper", and its category's "top"), each a product of the same category. An
-- offers feed sets the prices it changes and chooses again in the categories it touched.
-- Until a catalog is imported again after this migration, every product offers none.

-- AlterTable
ALTER TABLE "product_scores" ADD COLUMN "starting_price_usd" DOUBLE PRECISION,
ADD COLUMN "better_id" TEXT,
ADD COLUMN "cheaper_id" TEXT,
ADD COLUMN "top_id" TEXT;
