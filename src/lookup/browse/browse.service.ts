import { Injectable } from '@nestjs/common';
import { ProblemException } from '../../common/problem.js';
import { sentAgain } from '../../common/written-json.js';
import type { Publication } from '../../publication/publication.sql.js';
import { PurchaseLinks } from '../../synthesis/purchase-links.js';
import { Assessments } from '../assessments.js';
import { CERTAIN, foundBody, signedFor } from '../found-answer.js';
import { PublishedCatalog } from '../published-catalog.js';
import { encodeCursor } from './browse-cursor.js';
import type { CategoryPageRequest } from './browse-request.schema.js';
import type { Category, CategoryList, CategoryPage } from './browse-response.schema.js';
import { BrowseRepository } from './browse.repository.js';
import { categoryKeys } from './category-keys.js';

/** A publication's categories, read once per publication (none before the first). */
interface CategoryIndex {
  publication?: Publication;
  /** Its ranks are this service's: computed with its synthesis settings, for every product. */
  usable: boolean;
  list: CategoryList;
  /** Each category by its key. */
  byKey: Map<string, Category>;
}

/** How much of an unknown key a 404 repeats. */
const KEY_SHOWN = 100;

/**
 * Browsing the published catalog by category (docs/api.md, "Browsing a category"): its
 * categories, and a category's products a page at a time in the order product_scores gives
 * them, each the compact answer a lookup of its name gives, from the same assessments.
 */
@Injectable()
export class BrowseService {
  /** The categories of the publication this instance answers from, or being read. */
  private index?: { publication: number; read: Promise<CategoryIndex> };

  constructor(
    private readonly repository: BrowseRepository,
    private readonly assessments: Assessments,
    private readonly catalog: PublishedCatalog,
    private readonly links: PurchaseLinks,
  ) {}

  async categories(): Promise<CategoryList> {
    return (await this.usableIndex()).list;
  }

  /** A page of a category's products, each signed for the key that asks. */
  async page(request: CategoryPageRequest, keyId?: string): Promise<CategoryPage> {
    const index = await this.usableIndex();
    const category = index.byKey.get(request.category);
    if (!category) {
      const key = [...request.category].slice(0, KEY_SHOWN).join('');
      throw new ProblemException(
        'not-found',
        `No category of the published catalog has the key ${JSON.stringify(key)}` +
          `${key === request.category ? '' : ' (shortened)'}: GET /v1/categories lists them.`,
      );
    }
    const { limit } = request;
    const read = await this.repository.page(category.name, request);
    const rows = read.rows.slice(0, limit);
    const { assessments } = await this.assessments.of(
      read.publication ?? index.publication!,
      rows.map((row) => row.id),
    );
    // A product an import removed between the two reads is left out.
    const products = rows.flatMap(({ id }) => {
      const assessment = assessments.get(id);
      if (!assessment) return [];
      const body = foundBody(assessment, CERTAIN, 'compact');
      const { offerIds } = assessment;
      return [keyId && offerIds.length > 0 ? signedFor(body, offerIds, this.links, keyId) : body];
    });
    const last = rows.at(-1);
    const more = read.rows.length > limit && last;
    const next_cursor = more
      ? encodeCursor({ sort: request.sort, category: request.category, after: last.position })
      : null;
    return { products, next_cursor };
  }

  /**
   * The index of the publication this instance answers from: read once per publication,
   * however many requests ask at once; read again when the read failed, or read another
   * publication than asked (a replica behind, an import committed meanwhile). A catalog whose
   * ranks are not this service's is a 503: its product_scores would not order the scores its
   * answers show.
   */
  private async usableIndex(): Promise<CategoryIndex> {
    const publication = this.catalog.current.id;
    let index = this.index;
    if (index?.publication !== publication) {
      const read = this.readIndex();
      const memo = { publication, read };
      this.index = index = memo;
      const forget = () => {
        if (this.index === memo) this.index = undefined;
      };
      void read.then((got) => (got.publication?.id ?? 0) !== publication && forget(), forget);
    }
    const read = await index.read;
    if (!read.usable)
      throw new ProblemException(
        'service-unavailable',
        "The published catalog's ranks were computed with other synthesis settings than this " +
          "service's, or before ranks were stored, so its categories cannot be browsed: import " +
          'the catalog again (npm run catalog:import).',
      );
    return read;
  }

  private async readIndex(): Promise<CategoryIndex> {
    const { publication, catalogProducts, categories } = await this.repository.categories();
    const usable =
      !publication ||
      (publication.synthesisKey === this.assessments.synthesisKey &&
        categories.reduce((sum, c) => sum + c.products, 0) === catalogProducts);
    const keys = categoryKeys(categories.map((c) => c.name));
    const list = categories
      .map(({ name, products, reviewed }) => ({ key: keys.get(name)!, name, products, reviewed }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    return {
      ...(publication && { publication }),
      usable,
      // Sent again unchanged to every client: its JSON is written once (written-json.ts).
      list: sentAgain({ categories: list }),
      byKey: new Map(list.map((category) => [category.key, category])),
    };
  }
}
