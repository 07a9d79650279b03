-- How many times a word of the vocabulary tells two products of one brand apart: their names
-- are the same but for that word ("... Black" and "... Red", "Galaxy S24" and "Galaxy S24
-- Ultra"). Resolution reads a word of a query that no candidate carries as a description
-- unless the catalog uses it this way (src/names/title-reading.ts). Recomputed by every
-- import with the rest of the vocabulary: a catalog imported before this migration counts
-- no siblings until it is imported again, and reads such words as it did before.

-- AlterTable
ALTER TABLE "search_terms" ADD COLUMN "siblings" INTEGER NOT NULL DEFAULT 0;
