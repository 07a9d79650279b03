-- Products may carry barcodes and the maker's part number (catalog-format.md, 2026-11-26).
-- gtins holds each barcode as 14 digits (names/gtin.ts), so that a lookup by any form of one
-- finds it through the GIN index; mpn_key is the part number folded for matching a shop
-- feed's lines (lower case, letters and digits only), mpn the part number as given.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "gtins" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "mpn" TEXT,
ADD COLUMN "mpn_key" TEXT;

-- CreateIndex
CREATE INDEX "products_gtins_idx" ON "products" USING GIN ("gtins");

-- CreateIndex
CREATE INDEX "products_mpn_key_idx" ON "products"("mpn_key");
