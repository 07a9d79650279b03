-- Name resolution narrows candidates by the query's rarest terms (src/lookup/search-terms.ts)
-- instead of trigram scans, which touch most of a large catalog for common trigrams. Each
-- search name carries its terms; search_terms is the vocabulary with each term's document
-- frequency, recomputed by every import. search_words holds the terms without digits, which a
-- typo may stand for (model codes must match exactly), and its trigram index finds the words
-- closest to a misspelt one; kept apart, it stays small and fast at any catalog size.
-- The trigram indexes over whole names are no longer used. Terms are computed when a catalog
-- is imported: a catalog imported before this migration needs importing again.

-- DropIndex
DROP INDEX "product_search_names_name_norm_trgm_idx";

-- DropIndex
DROP INDEX "product_search_names_name_compact_trgm_idx";

-- AlterTable
ALTER TABLE "product_search_names" ADD COLUMN "terms" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "product_search_names_terms_idx" ON "product_search_names" USING GIN ("terms");

-- CreateTable
CREATE TABLE "search_terms" (
    "term" TEXT NOT NULL,
    "df" INTEGER NOT NULL,

    CONSTRAINT "search_terms_pkey" PRIMARY KEY ("term")
);

-- CreateTable
CREATE TABLE "search_words" (
    "word" TEXT NOT NULL,
    "df" INTEGER NOT NULL,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);

-- CreateIndex
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIST ("word" gist_trgm_ops);
