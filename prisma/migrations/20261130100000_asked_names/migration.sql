-- The names people asked for (docs/operations.md, Names people asked for). Curated data: no
-- import rebuilds or swaps these tables, and a backup holds them like every other table.

-- A refused name, folded (names/name-normaliser.ts, nameKey), counted by the lookups that refused
-- it and by the offers feeds whose items it titled. Nothing says who asked: no key, account or
-- address is stored with a name.
-- CreateTable
CREATE TABLE "asked_names" (
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "first_asked_at" TIMESTAMPTZ(3) NOT NULL,
    "last_asked_at" TIMESTAMPTZ(3) NOT NULL,
    "asked_http" INTEGER NOT NULL DEFAULT 0,
    "asked_mcp" INTEGER NOT NULL DEFAULT 0,
    "feed_items" INTEGER NOT NULL DEFAULT 0,
    "suggestion_id" TEXT,
    "suggestion_name" TEXT,
    "suggestion_score" DOUBLE PRECISION,
    "publication_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reviewed_at" TIMESTAMPTZ(3),

    CONSTRAINT "asked_names_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "asked_names_status_check" CHECK ("status" IN ('pending', 'demand', 'ignored'))
);

-- CreateIndex
CREATE INDEX "asked_names_last_asked_at_idx" ON "asked_names" ("last_asked_at");

-- A name a person confirmed as one product's: a lookup of its key finds that product, after the
-- catalog's own names. No foreign key: an import swaps the products table, and an alias whose
-- product an import removed is listed, not dropped.
-- CreateTable
CREATE TABLE "name_aliases" (
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "product_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "name_aliases_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "name_aliases_product_id_idx" ON "name_aliases" ("product_id");

-- A publication made by confirming or removing an alias: the catalog's data and its as_of are
-- the previous publication's; its id changes, so that every instance's cached answers go.
-- AlterTable
ALTER TABLE "catalog_publications" ADD COLUMN "curated" BOOLEAN NOT NULL DEFAULT false;
