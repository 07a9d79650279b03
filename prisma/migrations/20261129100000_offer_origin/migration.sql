-- Who owns an offer (docs/decisions.md, Who owns an offer): the catalog import that brought it
-- ('catalog'), or the offers feed (catalog:offers) that last published its retailer's prices
-- for the product ('feed'). An import manages the catalog's offers only: a feed's stay unless
-- the file states a newer price of that retailer for the product, or --replace-offers is
-- given. Offers stored before this migration count as the catalog's: run each feed again.
-- An import copies the column, its default and its check with the table (LIKE).

-- AlterTable
ALTER TABLE "offers" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'catalog',
ADD CONSTRAINT "offers_origin_check" CHECK ("origin" IN ('catalog', 'feed'));

-- A publication made by an offers feed names its retailer (null: a catalog import, or one
-- recorded before this migration), so that the service's log says what it now serves.

-- AlterTable
ALTER TABLE "catalog_publications" ADD COLUMN "feed_retailer" TEXT;
