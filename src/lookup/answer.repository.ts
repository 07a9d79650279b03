import { Injectable } from '@nestjs/common';
import { coalesced } from '../common/coalesced.js';
import { arrayLiteral } from '../database/array-literal.js';
import { DatabaseReader } from '../database/database-reader.js';
import { categoryMeansSql, productRecordJson } from '../database/product-record.sql.js';
import { LATEST_PUBLICATION, type Publication } from '../publication/publication.sql.js';
import type { CriterionMeanRow, ScoreMeanRow } from '../synthesis/priors.js';
import type { AlternativeKind } from '../synthesis/standing.js';
import { toProductRecord, type ProductRow } from '../synthesis/product-record.js';
import type { ProductRecord } from '../synthesis/synthesis.types.js';

// What an answer says about its product: the answers stored at publication, the exact names
// that reach them in one probe, and, for a catalog with no stored answers to trust, the
// products and category means synthesis reads instead.

/** An alternative as read: its kind, then the product as standing.ts names it. */
export type ChosenRow = [
  kind: AlternativeKind,
  id: string,
  name: string,
  brand: string,
  score: number,
  price: number | null,
  sources: number,
];

/** A product's stored answer, and its rank in its category and alternatives, read beside it. */
export interface StoredAnswer {
  body: string;
  /** Null when the catalog was imported before ranks were stored (product_scores). */
  rank: { rank: number | null; of: number } | null;
  /** In the order of ALTERNATIVE_KINDS. */
  alternatives: ChosenRow[];
}

/** A name that is exactly one product's: that product and its stored answer, if trusted. */
export interface ExactHit {
  productId: string;
  name: string;
  /** Found by an alias a person confirmed, not by the product's own name. */
  alias: boolean;
  /** Null when the publication's answers were computed with other settings (or none). */
  stored: StoredAnswer | null;
}

/** The columns a stored answer is read with (STORED_COLUMNS), as rows give them. */
interface StoredRow {
  body: string | null;
  rank: number | null;
  of: number | null;
  alternatives: ChosenRow[] | null;
}

const STORED_COLUMNS = `a.body, s.category_rank AS rank, s.category_reviewed AS "of",
  (SELECT json_agg(json_build_array(x.kind, o.product_id, n.name, n.brand, o.service_score,
                                    o.starting_price_usd, o.source_count) ORDER BY x.i)
     FROM (VALUES (1, 'better', s.better_id), (2, 'cheaper', s.cheaper_id), (3, 'top', s.top_id))
          AS x(i, kind, id)
     JOIN product_scores o ON o.product_id = x.id
     JOIN products n ON n.id = x.id) AS alternatives`;
const storedOf = ({ body, rank, of, alternatives }: StoredRow): StoredAnswer | null =>
  body === null
    ? null
    : { body, rank: of === null ? null : { rank, of }, alternatives: alternatives ?? [] };

const PUBLICATION_COLUMNS = `pub.id AS "publicationId",
  floor(extract(epoch FROM pub."publishedAt") * 1000)::float8 AS "publishedAtMs"`;

// Each key ($1, in order) that is exactly one product's name, or else an alias a person
// confirmed of a product the catalog holds, with that product's stored answer when the
// publication's answers were computed with the service's settings ($2), and the publication
// read in the same statement (the one row with no key when none is a name).
const FIND_EXACT = `
  SELECT ${PUBLICATION_COLUMNS}, k.i::int AS index, p.id, p.name, k.alias, ${STORED_COLUMNS}
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN (${LATEST_PUBLICATION}) pub ON true
    LEFT JOIN (SELECT q.i, coalesce(n.product_id, al.product_id) AS product_id,
                      n.product_id IS NULL AS alias
                 FROM unnest($1::text[]) WITH ORDINALITY AS q(key, i)
                 LEFT JOIN name_keys n ON n.key = q.key
                 LEFT JOIN name_aliases al ON n.key IS NULL AND al.key = q.key
                WHERE n.key IS NOT NULL OR al.key IS NOT NULL) k ON true
    LEFT JOIN products p ON p.id = k.product_id
    LEFT JOIN product_answers a ON a.product_id = k.product_id AND pub."synthesisKey" = $2
    LEFT JOIN product_scores s ON s.product_id = a.product_id`;

// The stored answers of products ($1), if computed with the service's settings ($2), with
// their ranks.
const FIND_ANSWERS = `
  SELECT ${PUBLICATION_COLUMNS}, a.product_id AS id, ${STORED_COLUMNS}
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN (${LATEST_PUBLICATION}) pub ON true
    LEFT JOIN product_answers a ON a.product_id = ANY($1::text[]) AND pub."synthesisKey" = $2
    LEFT JOIN product_scores s ON s.product_id = a.product_id`;

const FIND_PRODUCTS = `
  SELECT ${productRecordJson('p', (table) => table)} AS product,
         (SELECT id FROM (${LATEST_PUBLICATION}) latest) AS "publicationId"
    FROM products p
   WHERE p.id = ANY($1::text[])`;

const MEANS = categoryMeansSql((table) => table);

interface PublicationRow {
  publicationId: number | null;
  publishedAtMs: number;
}

function publicationOf([row]: PublicationRow[]): Publication | undefined {
  if (!row || row.publicationId === null) return undefined;
  return { id: row.publicationId, publishedAt: new Date(row.publishedAtMs) };
}

/** What a statement of exact-name probes read: per key its hit, and the publication. */
interface ExactProbes {
  publication?: Publication;
  hits: (ExactHit | undefined)[];
}

/** One key's probe, as read in a statement with others. */
interface ExactProbe {
  publication?: Publication;
  hit?: ExactHit;
}

/** One product's stored answer, as read in a statement with others. */
interface AnswerRead {
  publication?: Publication;
  stored?: StoredAnswer;
}

@Injectable()
export class AnswerRepository {
  /**
   * The statements of concurrent lookups, read together (coalesced): the exact-name probes,
   * and the stored answers of the products the resolver chose. Nothing is cached here: each
   * statement reads anew.
   */
  private readonly together = new Map<
    string,
    {
      probes: (keys: readonly string[]) => Promise<ExactProbe[]>;
      answers: (ids: readonly string[]) => Promise<AnswerRead[]>;
    }
  >();

  constructor(private readonly reader: DatabaseReader) {}

  /**
   * For each key (exactNameKeys' form), the product whose name it is exactly, if one is; and
   * the publication read.
   */
  async findExact(keys: readonly string[], synthesisKey: string): Promise<ExactProbes> {
    if (keys.length === 0) return await this.probeExact(keys, synthesisKey);
    const probes = await this.shared(synthesisKey).probes(keys);
    const publication = probes[0]!.publication;
    return { ...(publication && { publication }), hits: probes.map((p) => p.hit) };
  }

  /** The coalesced statements of the lookups asking with `synthesisKey`. */
  private shared(synthesisKey: string) {
    let statements = this.together.get(synthesisKey);
    if (!statements) {
      statements = {
        probes: coalesced(async (keys) => {
          const { publication, hits } = await this.probeExact(keys, synthesisKey);
          return hits.map((hit) => ({ ...(publication && { publication }), ...(hit && { hit }) }));
        }),
        answers: coalesced(async (ids) => {
          const { publication, bodies } = await this.readAnswers(ids, synthesisKey);
          return ids.map((id) => ({
            ...(publication && { publication }),
            ...(bodies.has(id) && { stored: bodies.get(id)! }),
          }));
        }),
      };
      this.together.set(synthesisKey, statements);
    }
    return statements;
  }

  /** One statement for `keys`. */
  private async probeExact(keys: readonly string[], synthesisKey: string): Promise<ExactProbes> {
    const rows = await this.prepared<
      PublicationRow &
        StoredRow & { index: number | null; id: string | null; name: string; alias: boolean }
    >('lookup-find-exact', FIND_EXACT, [arrayLiteral(keys), synthesisKey]);
    const hits: (ExactHit | undefined)[] = keys.map(() => undefined);
    // An alias whose product an import removed finds nothing (id null).
    for (const row of rows)
      if (row.index !== null && row.id !== null)
        hits[row.index - 1] = {
          productId: row.id,
          name: row.name,
          alias: row.alias,
          stored: storedOf(row),
        };
    const publication = publicationOf(rows);
    return { ...(publication && { publication }), hits };
  }

  /** The stored answers of `ids` that the service may use, and the publication read. */
  async findAnswers(
    ids: readonly string[],
    synthesisKey: string,
  ): Promise<{ publication?: Publication; bodies: Map<string, StoredAnswer> }> {
    if (ids.length === 0) return await this.readAnswers(ids, synthesisKey);
    const read = await this.shared(synthesisKey).answers(ids);
    const bodies = new Map<string, StoredAnswer>();
    for (const [i, { stored }] of read.entries()) if (stored) bodies.set(ids[i]!, stored);
    const publication = read[0]!.publication;
    return { ...(publication && { publication }), bodies };
  }

  /** One statement for `ids`. */
  private async readAnswers(
    ids: readonly string[],
    synthesisKey: string,
  ): Promise<{ publication?: Publication; bodies: Map<string, StoredAnswer> }> {
    const rows = await this.prepared<PublicationRow & StoredRow & { id: string | null }>(
      'lookup-find-answers',
      FIND_ANSWERS,
      [arrayLiteral(ids), synthesisKey],
    );
    const bodies = new Map<string, StoredAnswer>();
    for (const row of rows) {
      const stored = row.id === null ? null : storedOf(row);
      if (stored) bodies.set(row.id!, stored);
    }
    const publication = publicationOf(rows);
    return { ...(publication && { publication }), bodies };
  }

  /**
   * Products with their reviews and offers, in one round trip, and the publication they were
   * read from (undefined when none of them exists).
   */
  async findProducts(
    ids: string[],
  ): Promise<{ publicationId?: number; products: ProductRecord[] }> {
    const rows = await this.prepared<{ product: ProductRow; publicationId: number }>(
      'lookup-find-products',
      FIND_PRODUCTS,
      [arrayLiteral(ids)],
    );
    return {
      ...(rows[0] && { publicationId: rows[0].publicationId }),
      products: rows.map(({ product }) => toProductRecord(product)),
    };
  }

  /** Every category's means, which its priors come from (synthesis/priors.ts). */
  async means(): Promise<{ criterionMeans: CriterionMeanRow[]; scoreMeans: ScoreMeanRow[] }> {
    const [criterionMeans, scoreMeans] = await Promise.all([
      this.prepared<CriterionMeanRow>('lookup-criterion-means', MEANS.criteria, []),
      this.prepared<ScoreMeanRow>('lookup-score-means', MEANS.scores, []),
    ]);
    return { criterionMeans, scoreMeans };
  }

  /** A statement run on lookups: prepared once per connection under its name. */
  private async prepared<T extends object>(name: string, text: string, values: unknown[]) {
    return (await this.reader.client().pool.query<T>({ name, text, values })).rows;
  }
}
