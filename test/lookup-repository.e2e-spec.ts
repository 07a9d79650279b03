import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { DatabaseReader } from '../src/database/database-reader.js';
import { MIN_SIMILARITY } from '../src/names/search-terms.js';
import { LookupRepository } from '../src/lookup/lookup.repository.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The lookup statements' own guarantees, against a real PostgreSQL with pg_trgm.

/** Six words equally close to "abcdef": each shares 5 of its 7 trigrams (similarity 5/9). */
const EQUALLY_CLOSE = ['abcdeg', 'abcdeh', 'abcdei', 'abcdej', 'abcdek', 'abcdel'];

describe(LookupRepository.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let sql: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    // A server whose default threshold is lower than the resolver's: the service's own
    // sessions must not take it (set before the app opens any connection).
    await sql.query(
      `ALTER DATABASE ${new URL(db.url).pathname.slice(1)} SET pg_trgm.similarity_threshold = 0.1`,
    );
    app = await createTestApp({ DATABASE_URL: db.url });
  });

  afterAll(async () => {
    await app?.close();
    await sql?.end();
    await db?.drop();
  });

  /** The vocabulary's digit-free words, inserted in the given order and indexed afresh. */
  const vocabulary = async (words: readonly string[]) => {
    const { rows } = await sql.query<{ create: string }>(
      `SELECT pg_get_indexdef('search_words_word_trgm_idx'::regclass) AS create`,
    );
    await sql.query('TRUNCATE search_words');
    await sql.query('DROP INDEX search_words_word_trgm_idx');
    for (const word of words)
      await sql.query('INSERT INTO search_words (word, df) VALUES ($1, 1)', [word]);
    await sql.query(rows[0]!.create);
    await sql.query('ANALYZE search_words');
  };

  it.each([
    ['in alphabetical order', EQUALLY_CLOSE],
    ['in reverse order', [...EQUALLY_CLOSE].reverse()],
  ])(
    'takes equally close words for a misspelt one alphabetically, whatever the layout (%s)',
    async (_order, words) => {
      await vocabulary(words);
      const matches = await app.get(LookupRepository).findTerms(['abcdef'], ['abcdef'], 3);
      expect(matches.map((m) => m.term)).toEqual(['abcdeg', 'abcdeh', 'abcdei']);
      for (const match of matches) {
        expect(match.queryTerm).toBe('abcdef');
        expect(match.similarity).toBeCloseTo(5 / 9, 5);
      }
    },
  );

  it('takes only words at least as similar as the resolver asks, whatever the server default', async () => {
    // "abcxyz" shares 3 of "abcdef"'s 7 trigrams: similarity 3/11, under MIN_SIMILARITY.
    await vocabulary(['abcxyz', 'abcdeg']);
    const repository = app.get(LookupRepository);
    const matches = await repository.findTerms([], ['abcdef'], 3);
    expect(matches.map((m) => m.term)).toEqual(['abcdeg']);
    const { rows } = await app
      .get(DatabaseReader)
      .client()
      .pool.query<{ threshold: string }>(
        "SELECT current_setting('pg_trgm.similarity_threshold') AS threshold",
      );
    expect(Number(rows[0]!.threshold)).toBe(MIN_SIMILARITY);
  });
});
