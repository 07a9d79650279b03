import type { CatalogBuild } from './catalog-build.repository.js';

// Who owns an offer (docs/decisions.md): an import manages the catalog's offers, and keeps the
// ones an offers feed published (origin 'feed') unless the file states a newer price of that
// retailer for the product, or the admin gives --replace-offers.

/** What an import does to the offers a feed published, for one retailer. */
export interface FeedOffersChange {
  retailer: string;
  /** The feed's offers kept: the file has no price of this retailer for the product, or older. */
  kept: number;
  /** The feed's offers the file's replace: a newer price of the retailer, or --replace-offers. */
  replaced: number;
  /** The feed's offers removed with their products, which --replace leaves out of the catalog. */
  removed: number;
  /** The file's offers left out: the feed's price for the product is newer than theirs. */
  older: number;
}

export interface FeedOffersOptions {
  /** The file is the whole catalog: products it leaves out go, with their offers. */
  replace: boolean;
  /** The file's offers replace every feed's of its products, whatever their dates. */
  replaceOffers: boolean;
}

/**
 * Applies the rule to the catalog being built, once the file's products and offers are loaded
 * into it and before anything else is: per product and retailer, a feed's offers are kept
 * (with their ids, which purchase links name) when the file gives that retailer no price for
 * the product or only older ones, which are then left out; otherwise the file's replace them.
 * Returns what it did, by retailer, for every retailer it touched.
 */
export async function keepFeedOffers(
  build: CatalogBuild,
  options: FeedOffersOptions,
): Promise<FeedOffersChange[]> {
  const published = build.published('offers');
  const offers = build.next('offers');
  const products = build.next('products');
  let changes: FeedOffersChange[] = [];
  await build.inTransaction(async () => {
    await build.client.query(
      `CREATE TEMP TABLE feed_offer_fates ON COMMIT DROP AS
       WITH feed AS (
         SELECT product_id, retailer_name, count(*)::int AS offers, max(price_as_of) AS as_of
           FROM ${published} WHERE origin = 'feed' GROUP BY product_id, retailer_name),
       file AS (
         SELECT o.product_id, o.retailer_name, count(*)::int AS offers, max(o.price_as_of) AS as_of
           FROM ${offers} o JOIN feed USING (product_id, retailer_name)
          GROUP BY o.product_id, o.retailer_name)
       SELECT feed.product_id, feed.retailer_name, feed.offers,
              coalesce(file.offers, 0) AS file_offers,
              CASE WHEN NOT EXISTS (SELECT 1 FROM ${products} p WHERE p.id = feed.product_id)
                   THEN 'absent'
                   WHEN $1::boolean THEN 'replaced'
                   WHEN file.as_of IS NULL OR feed.as_of > file.as_of THEN 'kept'
                   ELSE 'replaced' END AS fate
         FROM feed LEFT JOIN file USING (product_id, retailer_name)`,
      [options.replaceOffers],
    );
    const kept = `(product_id, retailer_name) IN
      (SELECT product_id, retailer_name FROM feed_offer_fates WHERE fate = 'kept')`;
    await build.client.query(`DELETE FROM ${offers} WHERE ${kept}`);
    await build.client.query(
      `INSERT INTO ${offers} SELECT * FROM ${published} WHERE origin = 'feed' AND ${kept}`,
    );
    const { rows } = await build.client.query<FeedOffersChange>(
      `SELECT retailer_name AS retailer,
              coalesce(sum(offers) FILTER (WHERE fate = 'kept'), 0)::int AS kept,
              coalesce(sum(offers) FILTER (WHERE fate = 'replaced'), 0)::int AS replaced,
              coalesce(sum(offers) FILTER (WHERE fate = 'absent' AND $1::boolean), 0)::int
                AS removed,
              coalesce(sum(file_offers) FILTER (WHERE fate = 'kept'), 0)::int AS older
         FROM feed_offer_fates
        WHERE fate <> 'absent' OR $1::boolean
        GROUP BY retailer_name ORDER BY retailer_name`,
      [options.replace],
    );
    changes = rows;
  });
  return changes;
}
