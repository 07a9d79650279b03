-- Answers computed at publication (issue 34). Every product's assessment is a function of the
-- publication it belongs to, so the import computes it once and stores it here; a lookup
-- reads it instead of synthesizing it. `name_keys` holds every name that is exactly one
-- product's (src/names/exact-names.ts), so that a lookup of such a name is one index probe.
-- Both are catalog tables: built beside the published catalog and swapped in with it. A
-- catalog imported before this migration has neither until it is imported again; its lookups
-- resolve and synthesize as before.

-- CreateTable
CREATE TABLE "product_answers" (
    "product_id" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "product_answers_pkey" PRIMARY KEY ("product_id")
);

-- CreateTable
CREATE TABLE "name_keys" (
    "key" TEXT NOT NULL,
    "product_id" TEXT NOT NULL,

    CONSTRAINT "name_keys_pkey" PRIMARY KEY ("key")
);

-- AddForeignKey
ALTER TABLE "product_answers" ADD CONSTRAINT "product_answers_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "name_keys" ADD CONSTRAINT "name_keys_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The synthesis settings the stored answers were computed with (a fingerprint): a service
-- configured otherwise synthesizes its answers itself. Null: no stored answers to trust.
-- AlterTable
ALTER TABLE "catalog_publications" ADD COLUMN "synthesis_key" TEXT;

-- A stored answer is a few kilobytes of text read whole: kept in the row, uncompressed, up to
-- the largest row a page holds, rather than compressed into the TOAST table from 2 kB on. The
-- import writes it without compressing it, and a lookup reads it from the row's one page.
ALTER TABLE "product_answers" SET (toast_tuple_target = 8160);
