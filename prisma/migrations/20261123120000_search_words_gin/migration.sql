-- The words closest to a misspelt one are searched with pg_trgm's `%` (similarity at least
-- pg_trgm.similarity_threshold, which the service pins to the resolver's floor for a close
-- word) and ordered by distance, over a GIN index instead of a nearest-neighbour scan of a GiST
-- index. Measured (bench/RESULTS.md): 0.36 against 0.70 ms a word over 2,000 words, 0.9
-- against 6.4 ms over 20,000 and 5.6 against 49 ms over 200,000, where a GiST signature of
-- many overlapping trigrams prunes almost nothing.

-- DropIndex
DROP INDEX "search_words_word_trgm_idx";

-- CreateIndex
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops);
