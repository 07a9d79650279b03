import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { temporaryFolder } from './support/temp-folders.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// An admin's sequence by hand, through the commands and a running service: a CSV catalog, a
// feed's prices, the same CSV again. The feed's offers are its own: the import keeps them
// unless the file states newer prices or --replace-offers says otherwise, and says so.
describe('who owns an offer', () => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  let dir: string;
  const env = () => ({ DATABASE_URL: db.url });
  const CSV = ['docs/templates/products.csv', '--reviews', 'docs/templates/reviews.csv'];
  const importCsv = (offers: string, ...args: string[]) =>
    runBuiltCommand('catalog:import', [...CSV, '--offers', offers, ...args], env());
  const offersFeed = (feed: string, ...args: string[]) =>
    runBuiltCommand('catalog:offers', [feed, '--retailer', 'Example Shop', ...args], env());
  const file = async (name: string, lines: string[]) => {
    const at = path.join(dir, name);
    await writeFile(at, lines.join('\n') + '\n');
    return at;
  };
  const offers = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>(
        `SELECT concat_ws(' ', retailer_name, product_id, price, origin) AS row FROM offers
          ORDER BY retailer_name, product_id`,
      );
      return rows.map((r) => r.row);
    } finally {
      await client.end();
    }
  };
  const TEMPLATE_OFFERS = 'docs/templates/offers.csv';
  const HEADER = 'id\ttitle\tbrand\tgtin\tprice\tlink\tavailability';

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await temporaryFolder('pi-offers-');
    server = await startServer({
      ...env(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'log',
      SEED_DEMO_CATALOG: 'false',
      MIGRATE_ON_START: 'false',
      LINK_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("keeps a feed's offers through an import of the same CSV, and names them", async () => {
    expect((await importCsv(TEMPLATE_OFFERS)).code).toBe(0);
    // Example Shop's feed: a lower price for the Aero 2 (129 in the CSV, as of 2026-11-01),
    // and an offer for the Brew 50, which the CSV gives only Another Shop's.
    const feed = await file('feed.tsv', [
      HEADER,
      'A1\tNorthwind Aero 2\tNorthwind\t0842153000113\t119.00 USD\thttps://shop.example/a1\tin_stock',
      'A2\tKettleworks Brew 50\tKettleworks\t4012345000016\t35.50 USD\thttps://shop.example/a2\tin_stock',
    ]);
    const fed = await offersFeed(feed, '--price-as-of', '2026-11-20T00:00:00Z');
    expect(fed).toMatchObject({ code: 0, stderr: '' });
    expect(fed.stdout).toContain('Published 2 offers of "Example Shop" for 2 products');
    const afterFeed = [
      'Another Shop kettleworks-brew-50 39.90 catalog',
      'Example Shop kettleworks-brew-50 35.50 feed',
      'Example Shop northwind-aero-2 119.00 feed',
      'Example Shop northwind-aero-2-pro 179.00 catalog',
    ];
    expect(await offers()).toEqual(afterFeed);

    const dry = await importCsv(TEMPLATE_OFFERS, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      'merge into the catalog of 3 products: 0 added, 0 changed, 3 unchanged',
    );
    expect(dry.stdout).toContain(
      'Would keep 2 offers that offers feeds published ("Example Shop" 2): the file has no price ' +
        'of theirs for those products, or an older one (1 offer of the file left out); ' +
        '--replace-offers replaces them.\n',
    );
    const again = await importCsv(TEMPLATE_OFFERS);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('(merged: 0 added, 0 changed, 3 unchanged)');
    expect(again.stdout).toContain('Kept 2 offers that offers feeds published ("Example Shop" 2)');
    expect(await offers()).toEqual(afterFeed);

    // A file that states a newer price of that retailer replaces the feed's.
    const newer = await file('offers.csv', [
      'product_id,retailer_name,price,price_as_of,url',
      'northwind-aero-2,Example Shop,125.00,2026-11-25T00:00:00Z,https://shop.example/p/aero-2',
      'northwind-aero-2-pro,Example Shop,179.00,2026-11-01T10:00:00Z,https://shop.example/p/aero-2-pro',
      'kettleworks-brew-50,Another Shop,39.90,2026-11-02T08:30:00Z,https://another.example/brew-50',
    ]);
    const updated = await importCsv(newer);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('(merged: 0 added, 1 changed, 2 unchanged)');
    expect(updated.stdout).toContain(
      'Kept 1 offer that offers feeds published ("Example Shop" 1): the file has no price of ' +
        'theirs for those products, or an older one; --replace-offers replaces them.\n' +
        'Replaced 1 offer that offers feeds published ("Example Shop" 1): ' +
        "with the file's offers (newer prices, or --replace-offers).\n",
    );
    expect(await offers()).toContain('Example Shop northwind-aero-2 125.00 catalog');

    // Only when asked does the file replace them all, and a dry run says which first.
    const asked = await importCsv(TEMPLATE_OFFERS, '--replace-offers', '--dry-run');
    expect(asked.stdout).toContain(
      'Would replace 1 offer that offers feeds published ("Example Shop" 1)',
    );
    expect((await importCsv(TEMPLATE_OFFERS, '--replace-offers')).code).toBe(0);
    expect(await offers()).toEqual([
      'Another Shop kettleworks-brew-50 39.90 catalog',
      'Example Shop northwind-aero-2 129.00 catalog',
      'Example Shop northwind-aero-2-pro 179.00 catalog',
    ]);
    // Eight commands, each a process with its own Nest context: minutes on a loaded machine.
  }, 360_000);

  it('exits 1 when items are invalid, publishing nothing, with counts that agree', async () => {
    const before = await offers();
    const feed = await file('mostly-bad.tsv', [
      HEADER,
      'B1\tNorthwind Aero 2\tNorthwind\t0842153000113\t117.00 USD\thttps://shop.example/b1\tin_stock',
      'B2\tNorthwind Aero 2 Pro\tNorthwind\t0842153000112\t10 USD\thttps://shop.example/b2\tin_stock',
      'B3\tKettleworks Brew 50\tKettleworks\t\t10 EUR\tnot a link\tin_stock',
      'B4\t\tNorthwind\t\t\thttps://shop.example/b4\tin_stock',
      'B5\tKettleworks Brew 50\tKettleworks\t\tfree\thttps://shop.example/b5\tin_stock',
    ]);
    const refused = await offersFeed(feed);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "catalog:offers: 4 of 5 items are invalid: nothing was published (--allow-invalid publishes the valid items' offers)\n",
    );
    expect(refused.stdout).toContain(
      '5 items; matched 1 (by GTIN 1, by MPN and brand 0, by title 0), unmatched 0, invalid 4.',
    );
    expect(refused.stdout).toContain('\nInvalid (4):\n');
    expect(refused.stdout).toContain(
      `line 4: price: "10 EUR" is in EUR: the catalog's prices are in USD; link: "not a link" is not an http or https URL\n`,
    );
    expect(await offers()).toEqual(before);

    const allowed = await offersFeed(feed, '--allow-invalid');
    expect(allowed).toMatchObject({ code: 0, stderr: '' });
    expect(allowed.stdout).toContain('Published 1 offer of "Example Shop" for 1 product at ');
    expect(allowed.stdout).toContain('(1 earlier offer of theirs replaced;');
    expect(await offers()).toContain('Example Shop northwind-aero-2 117.00 feed');
  });

  it('logs each publication it starts serving, imports and feeds alike, once', async () => {
    // The poll reads the latest publication every 2 seconds, should a NOTIFY be missed.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const serving = server!
      .output()
      .split('\n')
      .filter((l) => l.includes('Serving catalog publication'))
      .map((l) => (JSON.parse(l) as { msg: string }).msg.replace(/ of \S+Z /, ' of … '));
    expect(serving).toEqual([
      'Serving catalog publication 1 of … (a catalog import): 3 products, 4 reviews, 3 offers',
      'Serving catalog publication 2 of … (the offers feed of "Example Shop"): 3 products, 4 reviews, 4 offers',
      'Serving catalog publication 3 of … (a catalog import): 3 products, 4 reviews, 4 offers',
      'Serving catalog publication 4 of … (a catalog import): 3 products, 4 reviews, 4 offers',
      'Serving catalog publication 5 of … (a catalog import): 3 products, 4 reviews, 3 offers',
      'Serving catalog publication 6 of … (the offers feed of "Example Shop"): 3 products, 4 reviews, 3 offers',
    ]);
  });
});
