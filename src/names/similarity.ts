/**
 * A close vocabulary term must share at least this much (trigram similarity) with a word: the
 * resolver's floor for a close word, and the session's pg_trgm threshold (database/pg-pool.ts).
 */
export const MIN_SIMILARITY = 0.3;
