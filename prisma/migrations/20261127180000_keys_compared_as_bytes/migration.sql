-- The search terms and the exact name keys are only ever compared for equality (a term a name
-- carries, a key a name folds to), never ordered, so they are compared as bytes ("C"): equal
-- strings are the same under every deterministic collation, so no lookup finds anything else,
-- while the import sorts and indexes them without the locale's string comparison (the terms'
-- GIN index, the vocabulary's and the name keys' primary keys: bench/RESULTS.md, "The
-- import's wall time (sixth session)"). An import copies each table's columns with their
-- collation (LIKE).

-- AlterTable
ALTER TABLE "product_search_names" ALTER COLUMN "terms" SET DATA TYPE TEXT[] COLLATE "C";

-- AlterTable
ALTER TABLE "search_terms" ALTER COLUMN "term" SET DATA TYPE TEXT COLLATE "C";

-- AlterTable
ALTER TABLE "name_keys" ALTER COLUMN "key" SET DATA TYPE TEXT COLLATE "C";
