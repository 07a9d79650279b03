import type pg from 'pg';

/**
 * The tables computed from a catalog's products, reviews and search names, in the catalog
 * being built (`next` names its tables): the category priors and the search vocabulary. Run
 * inside the caller's transaction (their temporary tables drop at its commit).
 */
export class CatalogDerived {
  constructor(
    private readonly client: pg.Client,
    private readonly next: (table: string) => string,
  ) {}

  private async query(sql: string): Promise<void> {
    await this.client.query(sql);
  }

  /**
   * Each category's mean of each criterion over all its sources' ratings, and its mean overall
   * score over all its reviews. Aggregated into a temporary table first: PostgreSQL runs the
   * query of a `CREATE TABLE AS` with parallel workers, and never that of an `INSERT … SELECT`.
   */
  async computePriors(): Promise<void> {
    await this.query(
      `CREATE TEMP TABLE new_priors ON COMMIT DROP AS
         SELECT p.category, c.key AS criterion, avg(c.value::float8) AS mean, count(*) AS ratings
           FROM ${this.next('reviews')} r
           JOIN ${this.next('products')} p ON p.id = r.product_id
          CROSS JOIN LATERAL jsonb_each_text(r.criteria) c
          GROUP BY p.category, c.key`,
    );
    await this.query(
      `INSERT INTO ${this.next('category_priors')} (category, criterion, mean, ratings)
         SELECT category, criterion, mean, ratings FROM new_priors`,
    );
    await this.query(
      `INSERT INTO ${this.next('category_score_priors')} (category, mean, reviews)
         SELECT p.category, avg(r.score), count(*)
           FROM ${this.next('reviews')} r
           JOIN ${this.next('products')} p ON p.id = r.product_id
          GROUP BY p.category`,
    );
  }

  /**
   * The search vocabulary: every term of every search name, with the number of names that
   * carry it (resolution's measure of how selective a term is) and how many times it tells two
   * siblings apart; and apart the terms without digits, for misspelt words. Counted into
   * temporary tables first, so that PostgreSQL counts in parallel (see the priors).
   */
  async computeVocabulary(): Promise<void> {
    await this.query(
      `CREATE TEMP TABLE new_vocabulary ON COMMIT DROP AS
         SELECT term, count(*) AS df
           FROM ${this.next('product_search_names')}, unnest(terms) AS term GROUP BY term`,
    );
    await this.countSiblings();
    await this.query(
      `INSERT INTO ${this.next('search_terms')} (term, df, siblings)
         SELECT v.term, v.df, coalesce(s.siblings, 0)
           FROM new_vocabulary v LEFT JOIN new_siblings s USING (term)`,
    );
    // The empty term, which no name carries, counts the search names: how common a term is
    // is read against it (title-reading.ts).
    await this.query(
      `INSERT INTO ${this.next('search_terms')} (term, df)
         SELECT '', count(*) FROM ${this.next('product_search_names')}`,
    );
    await this.query(
      `INSERT INTO ${this.next('search_words')} (word, df)
         SELECT term, df FROM new_vocabulary WHERE term !~ '[0-9]'`,
    );
  }

  /**
   * For each word, how many times it tells two products of one brand apart: their names hold
   * the same words but that one ("... Black" and "... Red"), or but for it ("Galaxy S24" and
   * "Galaxy S24 Ultra"). A name is keyed, once without each of its words, by the sum of its
   * other words' hashes (order aside, which sibling names keep), so that one pass and one
   * grouping find every such pair: names sharing a brand and a key, and words that differ.
   */
  private async countSiblings(): Promise<void> {
    await this.query(
      `CREATE TEMP TABLE name_words ON COMMIT DROP AS
       SELECT n.product_id, hashtext(p.brand) AS brand, w.word, hashtext(w.word) AS h,
              sum(hashtext(w.word)) OVER (PARTITION BY n.product_id) AS total
         FROM ${this.next('product_search_names')} n
         JOIN ${this.next('products')} p ON p.id = n.product_id
        CROSS JOIN LATERAL unnest(string_to_array(n.name_norm, ' ')) AS w(word)
        WHERE NOT n.is_alias`,
    );
    await this.query(
      `CREATE TEMP TABLE new_siblings ON COMMIT DROP AS
       WITH slots AS (
              SELECT brand, word, total - h AS slot FROM name_words
               UNION ALL
              SELECT DISTINCT brand, '', total FROM name_words),
            pairs AS (
              SELECT brand, slot FROM slots GROUP BY brand, slot HAVING min(word) <> max(word))
       SELECT word AS term, count(*) AS siblings
         FROM slots JOIN pairs USING (brand, slot)
        WHERE word <> ''
        GROUP BY word`,
    );
  }
}
