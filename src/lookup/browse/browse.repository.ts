import { Injectable } from '@nestjs/common';
import { DatabaseReader } from '../../database/database-reader.js';
import { LATEST_PUBLICATION, type Publication } from '../../publication/publication.sql.js';
import type { BrowseSort, PagePosition } from './browse-cursor.js';
import type { CategoryPageRequest } from './browse-request.schema.js';

// What browsing reads of product_scores, each statement with the publication it reads from.

/** The published catalog's categories as product_scores counts them. */
export interface CategoryCounts {
  publication?: Publication & { synthesisKey: string | null };
  /** How many products the catalog holds, each of which product_scores should hold. */
  catalogProducts: number;
  categories: { name: string; products: number; reviewed: number }[];
}

interface PublicationRow {
  publicationId: number | null;
  publishedAt: Date | null;
}

const publicationOf = ({ publicationId, publishedAt }: PublicationRow) =>
  publicationId === null ? undefined : { id: publicationId, publishedAt: publishedAt! };

// The row of the publication (none before the first) beside each category's counts.
const CATEGORIES = `
  SELECT pub.id AS "publicationId", pub."publishedAt", pub."synthesisKey",
         (SELECT count(*) FROM products)::int AS "catalogProducts",
         c.category, c.products, c.reviewed
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN (${LATEST_PUBLICATION}) pub ON true
    LEFT JOIN (SELECT category, count(*)::int AS products,
                      (count(*) FILTER (WHERE source_count > 0))::int AS reviewed
                 FROM product_scores
                GROUP BY category) c ON true`;

/**
 * Each sort's first two columns of PagePosition: whether a row lacks its value, the value.
 * The migration 20261130160000_product_scores_browse_order indexes each order's expressions,
 * as written here, after the category: a change to one must change the other.
 */
const SORTS: Record<BrowseSort, [lacking: string, value: string]> = {
  score: ['category_rank IS NULL', 'coalesce(category_rank, 0)::float8'],
  price: ['starting_price_usd IS NULL', 'coalesce(starting_price_usd, 0)'],
};

// A page of a category ($1): its products scoring at least $2 and priced at most $3 (when
// given), after the position $5..$8 (a statement of its own, so that the position is an index
// condition of every plan), $4 of them in the sort's order (PagePosition, the ids in the
// collation ranks were given in); with the publication read.
export function pageSql(sort: BrowseSort, after: boolean): string {
  const [lacking, value] = SORTS[sort];
  const order = `${lacking}, ${value}, -service_score, product_id COLLATE "C"`;
  return `
  SELECT pub.id AS "publicationId", pub."publishedAt", s.id, s.lacking, s.value, s.negated
    FROM (VALUES (1)) AS one(row)
    LEFT JOIN (${LATEST_PUBLICATION}) pub ON true
    LEFT JOIN LATERAL (
          SELECT product_id AS id, ${lacking} AS lacking, ${value} AS value,
                 -service_score AS negated
            FROM product_scores
           WHERE category = $1
             AND ($2::float8 IS NULL OR service_score >= $2)
             AND ($3::float8 IS NULL OR starting_price_usd <= $3)
             ${after ? `AND (${order}) > ($5::bool, $6::float8, $7::float8, $8::text)` : ''}
           ORDER BY ${order}
           LIMIT $4) s ON true
   ORDER BY s.lacking, s.value, s.negated, s.id COLLATE "C"`;
}

const PAGES: Record<BrowseSort, { first: string; after: string }> = {
  score: { first: pageSql('score', false), after: pageSql('score', true) },
  price: { first: pageSql('price', false), after: pageSql('price', true) },
};

interface PageRow extends PublicationRow {
  id: string | null;
  lacking: boolean;
  value: number;
  negated: number;
}

@Injectable()
export class BrowseRepository {
  constructor(private readonly reader: DatabaseReader) {}

  /** Every category's counts, and how many products the catalog holds. */
  async categories(): Promise<CategoryCounts> {
    const rows = await this.prepared<
      PublicationRow & {
        synthesisKey: string | null;
        catalogProducts: number;
        category: string | null;
        products: number;
        reviewed: number;
      }
    >('browse-categories', CATEGORIES, []);
    const [first] = rows as [(typeof rows)[number]];
    const publication = publicationOf(first);
    return {
      ...(publication && { publication: { ...publication, synthesisKey: first.synthesisKey } }),
      catalogProducts: first.catalogProducts,
      categories: rows.flatMap(({ category, products, reviewed }) =>
        category === null ? [] : [{ name: category, products, reviewed }],
      ),
    };
  }

  /**
   * The page `query` asks of the category named `category` (its products' ids, in order, each
   * with its position) and, when there are more, the one after them: `limit` + 1 are read.
   */
  async page(
    category: string,
    query: CategoryPageRequest,
  ): Promise<{ publication?: Publication; rows: { id: string; position: PagePosition }[] }> {
    const { after } = query;
    const which = after ? 'after' : 'first';
    const rows = await this.prepared<PageRow>(
      `browse-page-${query.sort}-${which}`,
      PAGES[query.sort][which],
      [
        category,
        query.min_score ?? null,
        query.max_price ?? null,
        query.limit + 1,
        ...(after ?? []),
      ],
    );
    const publication = publicationOf(rows[0]!);
    return {
      ...(publication && { publication }),
      rows: rows.flatMap(({ id, lacking, value, negated }) =>
        id === null ? [] : [{ id, position: [lacking, value, negated, id] as PagePosition }],
      ),
    };
  }

  /** A statement run on browsing: prepared once per connection under its name. */
  private async prepared<T extends object>(name: string, text: string, values: unknown[]) {
    return (await this.reader.client().pool.query<T>({ name, text, values })).rows;
  }
}
