import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
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
    app = await createTestApp({ DATABASE_URL: db.url });
  });

  afterAll(async () => {
    await app?.close();
    await sql?.end();
    await db?.drop();
  });

  /** The vocabulary's digit-free words, inserted in the given order and indexed afresh. */
  const vocabulary = async (words: readonly string[]) => {
    await sql.query('TRUNCATE search_words');
    await sql.query('DROP INDEX search_words_word_trgm_idx');
    for (const word of words)
      await sql.query('INSERT INTO search_words (word, df) VALUES ($1, 1)', [word]);
    await sql.query(
      'CREATE INDEX search_words_word_trgm_idx ON search_words USING gist (word gist_trgm_ops)',
    );
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
});
