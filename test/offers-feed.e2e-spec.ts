import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { CatalogOffersRepository } from '../src/catalog/catalog-offers.repository.js';
import { FeedFormatError } from '../src/feeds/feed-item.js';
import { Assessments } from '../src/lookup/assessments.js';
import { LookupService } from '../src/lookup/lookup.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import { AskedNames } from '../src/curation/asked-names.js';
import { NameAliasesRepository } from '../src/curation/name-aliases.repository.js';
import { nameKey } from '../src/names/name-normaliser.js';
import { OffersFeedService } from '../src/offers/offers-feed.service.js';
import { runBuiltCommand } from './support/run-command.js';
import { createTestApp, servingLatest } from './support/test-app.js';
import { temporaryFolder } from './support/temp-folders.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// catalog:offers: a shop's feed (Google Merchant TSV or XML, schema.org JSON-LD pages) matched
// to the catalog by barcode, then part number and brand, then title through the resolver;
// only matched offers are published, everything else is reported. The catalog is the
// templates' (docs/templates), whose products carry barcodes and part numbers.

const FEEDS = 'test/fixtures/feeds';

describe(OffersFeedService.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let feeds: OffersFeedService;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    // The command's service, over the app's own resolver and repository.
    feeds = new OffersFeedService(
      app.get(CatalogOffersRepository),
      app.get(NameResolver),
      app.get(AnswerRepository),
      app.get(AskedNames),
    );
    prisma = app.get(PrismaService);
    await app.get(CatalogImporter).import('docs/templates/catalog.jsonl');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const offersOf = async (retailer: string) =>
    (
      await prisma.offer.findMany({
        where: { retailerName: retailer },
        orderBy: { productId: 'asc' },
        select: { productId: true, price: true, url: true },
      })
    ).map((o) => [o.productId, Number(o.price), o.url]);

  it('publishes only the matched lines of a TSV feed, and reports the rest', async () => {
    const publications = await prisma.catalogPublication.count();
    // Two of its items are invalid: published only when the admin allows it.
    const allow = { retailer: 'Example Shop', allowInvalid: true };
    const dry = await feeds.apply(`${FEEDS}/shop.tsv`, { ...allow, dryRun: true });
    // Nothing changed: the template's offers of Example Shop.
    expect(await offersOf('Example Shop')).toEqual([
      ['northwind-aero-2', 129, 'https://shop.example/p/aero-2'],
      ['northwind-aero-2-pro', 179, 'https://shop.example/p/aero-2-pro'],
    ]);
    expect(await prisma.catalogPublication.count()).toBe(publications);
    expect(dry.published).toBeUndefined();

    const refused = await feeds.apply(`${FEEDS}/shop.tsv`, { retailer: 'Example Shop' });
    expect(refused.published).toBeUndefined();
    expect(await prisma.catalogPublication.count()).toBe(publications);
    const report = await feeds.apply(`${FEEDS}/shop.tsv`, allow);
    expect({ ...report, published: undefined, seconds: undefined }).toEqual({
      ...dry,
      published: undefined,
      seconds: undefined,
    });
    expect(report.matched).toEqual({ gtin: 1, mpn: 1, title: 1 });
    expect(report.unmatched).toEqual([
      expect.objectContaining({
        line: 5,
        title: 'Northwind Aero Headphones',
        why: 'the title does not resolve',
      }),
      expect.objectContaining({ line: 6, title: 'Glowline Desk Lamp' }),
    ]);
    expect(report.invalid).toEqual([
      {
        line: 7,
        problems: [
          { field: 'gtin', message: '"0842153000112" ends in 2, but its check digit is 3' },
        ],
      },
      {
        line: 8,
        problems: [
          { field: 'price', message: `"10 EUR" is in EUR: the catalog's prices are in USD` },
        ],
      },
    ]);
    // The sale price is the price; the retailer's offer of each matched product is replaced.
    expect(await offersOf('Example Shop')).toEqual([
      ['kettleworks-brew-50', 35.5, 'https://shop.example/s3'],
      ['northwind-aero-2', 119, 'https://shop.example/s1'],
      ['northwind-aero-2-pro', 169, 'https://shop.example/s2'],
    ]);
    expect(await offersOf('Another Shop')).toEqual([
      ['kettleworks-brew-50', 39.9, 'https://another.example/brew-50'],
    ]);
    expect(await prisma.catalogPublication.count()).toBe(publications + 1);
    // The answers computed at publication are computed again for the products it changed.
    const answer = await app.get(LookupService).lookup('Northwind Aero 2', 'full');
    expect(answer.found && answer.offers.map((o) => [o.retailer_name, o.price])).toEqual([
      ['Example Shop', 119],
    ]);
    expect(answer.found && answer.starting_price_usd).toBe(119);
    const stored = await prisma.productAnswer.findUniqueOrThrow({
      where: { productId: 'northwind-aero-2' },
    });
    expect(stored.body).toContain('"Example Shop",119,');
    const latest = await prisma.catalogPublication.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(latest.synthesisKey).toBe(app.get(Assessments).synthesisKey);
  });

  it('records the titles no product answers as feed items; a confirmed alias matches them', async () => {
    // The test above ran the feed three times: its dry run is not recorded.
    await app.get(AskedNames).flush();
    const [recorded] = await prisma.askedName.findMany({
      where: { key: nameKey('Northwind Aero Headphones') },
    });
    expect(recorded).toMatchObject({ feedItems: 2, askedHttp: 0, askedMcp: 0 });
    await app.get(NameAliasesRepository).add('Northwind Aero Headphones', 'northwind-aero-2');
    const report = await feeds.apply(`${FEEDS}/shop.tsv`, {
      retailer: 'Example Shop',
      allowInvalid: true,
      dryRun: true,
    });
    expect(report.matched).toEqual({ gtin: 1, mpn: 1, title: 2 });
    expect(report.unmatched.map((u) => u.title)).toEqual(['Glowline Desk Lamp']);
    // The tests below expect the feed's title unmatched.
    await app.get(NameAliasesRepository).remove('Northwind Aero Headphones');
  });

  it("reads an XML feed and takes the retailer from the channel's title", async () => {
    const report = await feeds.apply(`${FEEDS}/shop.xml`);
    expect(report).toMatchObject({
      kind: 'merchant-xml',
      retailer: 'Feed Shop & Co',
      matched: { gtin: 1, mpn: 1, title: 0 },
    });
    expect(await offersOf('Feed Shop & Co')).toEqual([
      ['kettleworks-brew-50', 37, 'https://feedshop.example/f2'],
      ['northwind-aero-2-pro', 175, 'https://feedshop.example/f1'],
    ]);
  });

  it('reads schema.org JSON-LD in a folder of pages, with the seller as retailer', async () => {
    const report = await feeds.apply(`${FEEDS}/pages`, { allowInvalid: true });
    expect(report).toMatchObject({
      kind: 'json-ld',
      retailer: 'Page Shop',
      matched: { gtin: 1, mpn: 0, title: 0 },
    });
    expect(report.invalid).toEqual([
      {
        file: 'pages/broken.html',
        line: 1,
        problems: [{ message: expect.stringMatching(/^not valid JSON-LD/) }],
      },
    ]);
    expect(await offersOf('Page Shop')).toEqual([
      ['northwind-aero-2', 118.5, 'https://pageshop.example/aero-2'],
    ]);
  });

  it('prints its report, and refuses a feed that names no shop', async () => {
    const run = (...args: string[]) =>
      runBuiltCommand('catalog:offers', args, { DATABASE_URL: db.url });
    const [unnamed, dry] = await Promise.all([
      run(`${FEEDS}/shop.tsv`),
      run(`${FEEDS}/shop.tsv`, '--retailer', 'Example Shop', '--dry-run'),
    ]);
    expect([unnamed.code, unnamed.stderr]).toEqual([
      1,
      'catalog:offers: the feed does not name its shop: give --retailer NAME\n',
    ]);
    // A price dated to come would outrank every import's until then.
    const future = await run(`${FEEDS}/shop.xml`, '--price-as-of', '2999-01-01T00:00:00Z');
    expect([future.code, future.stderr]).toEqual([
      1,
      'catalog:offers: --price-as-of is in the future: give when the prices were read\n',
    ]);
    // Two items are invalid: a script sees it in the exit code, and the report says so.
    expect(dry.code).toBe(1);
    expect(dry.stderr).toBe(
      "catalog:offers: 2 of 7 items are invalid: the feed would publish nothing (--allow-invalid publishes the valid items' offers)\n",
    );
    expect(dry.stdout).toContain(
      'retailer "Example Shop": 7 items; matched 3 (by GTIN 1, by MPN and brand 1, by title 1), unmatched 2, invalid 2.',
    );
    expect(dry.stdout).toContain(
      'line 7: gtin: "0842153000112" ends in 2, but its check digit is 3',
    );
    const allowed = await run(
      `${FEEDS}/shop.tsv`,
      '--retailer',
      'Example Shop',
      '--dry-run',
      '--allow-invalid',
    );
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(
      /The feed would publish 3 offers of "Example Shop" for 3 products\. Nothing was changed \(--dry-run\)\.\n$/,
    );
  });

  it('refuses a feed it cannot read to its end, and publishes nothing of it', async () => {
    const dir = await temporaryFolder('feeds-');
    const xml = await readFile(`${FEEDS}/shop.xml`, 'utf8');
    const tsv = await readFile(`${FEEDS}/shop.tsv`, 'utf8');
    const feed = async (name: string, text: string | Buffer) => {
      await writeFile(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const big = 'x'.repeat(1024 * 1024 + 1);
    // Each is the fixture, whose items match, with one fault after its first item.
    const broken = {
      entity: await feed(
        'entity.xml',
        xml.replace('https://feedshop.example/f2', 'https://feedshop.example/&xxe;'),
      ),
      declared: await feed(
        'declared.xml',
        xml.replace('<rss', '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss'),
      ),
      unclosed: await feed(
        'unclosed.xml',
        xml.replace('</g:brand>\n      <g:mpn>', '\n      <g:mpn>'),
      ),
      xmlBytes: await feed(
        'latin1.xml',
        Buffer.from(xml.replace('Kettleworks Brew 50', 'Kettleworks Br\u00e9w 50'), 'latin1'),
      ),
      xmlField: await feed('field.xml', xml.replace('kw b50', big)),
      tsvBytes: await feed(
        'latin1.tsv',
        Buffer.from(tsv.replace('Kettle 1.5 l', 'Kettle 1,5 l \u00e9'), 'latin1'),
      ),
      tsvField: await feed('field.tsv', tsv.replace('Kettle 1.5 l', big)),
    };
    const publications = await prisma.catalogPublication.count();
    const refusal = async (file: string) => {
      const error = await feeds.apply(file, { retailer: 'Broken Shop' }).catch((e: unknown) => e);
      if (!(error instanceof FeedFormatError)) throw new Error(`refused? got ${String(error)}`);
      return error.message;
    };
    expect(await refusal(broken.entity)).toBe(
      'entity.xml line 21: not well-formed XML (undefined entity)',
    );
    expect(await refusal(broken.declared)).toBe(
      'declared.xml line 2: its DOCTYPE declares entities; a feed needs none',
    );
    expect(await refusal(broken.unclosed)).toMatch(
      /^unclosed\.xml line \d+: not well-formed XML \(/,
    );
    expect(await refusal(broken.xmlBytes)).toMatch(
      /^latin1\.xml: not valid UTF-8 \(line 17, byte \d+\)$/,
    );
    expect(await refusal(broken.xmlField)).toMatch(
      /^field\.xml line 19: more than 1048576 characters without a tag$/,
    );
    expect(await refusal(broken.tsvBytes)).toMatch(
      /^latin1\.tsv line 4: not valid UTF-8 \(line 4, byte \d+\)$/,
    );
    expect(await refusal(broken.tsvField)).toMatch(
      /^field\.tsv line \d+: longer than 1048576 characters \(a quote left open\?\): the file is not read past it$/,
    );
    // A feed that is not there is named, as every command names a file it cannot read.
    await expect(
      feeds.apply(path.join(dir, 'none.tsv'), { retailer: 'Broken Shop' }),
    ).rejects.toThrow(new Error(`cannot read ${path.join(dir, 'none.tsv')} (ENOENT)`));
    // A page of JSON-LD that is not UTF-8 is none of its products, and says where.
    const pages = path.join(dir, 'pages');
    await mkdir(pages);
    const html = await readFile(`${FEEDS}/pages/aero-2.html`, 'utf8');
    const latin1 = html.replace('"name": "Northwind Aero 2"', '"name": "Northwind A\u00e9ro 2"');
    await writeFile(path.join(pages, 'latin1.html'), Buffer.from(latin1, 'latin1'));
    const report = await feeds.apply(pages, { retailer: 'Broken Shop' });
    expect(report.invalid).toEqual([
      {
        file: 'pages/latin1.html',
        line: expect.any(Number),
        problems: [{ message: expect.stringMatching(/^not valid UTF-8 \(line \d+, byte \d+\)$/) }],
      },
    ]);
    expect(report.offers).toBe(0);
    expect(await offersOf('Broken Shop')).toEqual([]);
    expect(await prisma.catalogPublication.count()).toBe(publications);
    // A page with more JSON-LD than a page may hold cannot be read to its end: refused whole.
    const long = path.join(dir, 'long');
    await mkdir(long);
    await writeFile(path.join(long, 'aero-2.html'), html);
    await writeFile(
      path.join(long, 'big.html'),
      html.replace('"name": "Northwind Aero 2"', `"name": "${big}"`),
    );
    expect(await refusal(long)).toBe(
      'long/big.html line 3: JSON-LD longer than 1048576 characters: the page is not read past it',
    );
    expect(await prisma.catalogPublication.count()).toBe(publications);

    // The command says so in one line, and fails.
    const run = await runBuiltCommand('catalog:offers', [broken.entity], { DATABASE_URL: db.url });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'catalog:offers: entity.xml line 21: not well-formed XML (undefined entity)\n',
    ]);
    expect(await offersOf('Feed Shop & Co')).toEqual([
      ['kettleworks-brew-50', 37, 'https://feedshop.example/f2'],
      ['northwind-aero-2-pro', 175, 'https://feedshop.example/f1'],
    ]);
  });

  it('moves "cheaper" at once when a price changes, for every product of the category', async () => {
    const dir = await temporaryFolder('feeds-');
    const kettle = (id: string, score: number, price: number) => ({
      id,
      name: `Brightbrew ${id}`,
      brand: 'Brightbrew',
      category: 'espresso machines',
      mpn: id.toUpperCase(),
      reviews: ['Lab One', 'Lab Two'].map((source) => ({
        source,
        source_type: 'lab_test',
        score,
        summary: 'A fair machine.',
      })),
      offers: [
        {
          retailer_name: 'Example Shop',
          price,
          price_as_of: '2026-11-01T10:00:00Z',
          url: `https://shop.example/${id}`,
        },
      ],
    });
    const catalog = path.join(dir, 'espresso.jsonl');
    const lines = [kettle('e-100', 80, 100), kettle('e-200', 80, 95), kettle('e-300', 92, 500)];
    await writeFile(catalog, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await app.get(CatalogImporter).import(catalog);
    await servingLatest(app);
    const lookup = app.get(LookupService);
    const alternatives = async (name: string) => {
      const answer = await lookup.lookup(name, 'compact');
      if (!answer.found) throw new Error(`${name} not found`);
      return answer.alternatives.map((a) => [a.kind, a.id, a.starting_price_usd, a.reason]);
    };
    // At 95, e-200 costs 5% less than e-100: not clearly less.
    expect(await alternatives('Brightbrew e-100')).toEqual([
      ['top', 'e-300', 500, 'The best reviewed of 3 in espresso machines: scores 92 on 2 sources.'],
    ]);
    const feed = path.join(dir, 'espresso.tsv');
    await writeFile(
      feed,
      'id\ttitle\tbrand\tgtin\tmpn\tprice\tlink\tavailability\n' +
        'x1\tBrightbrew e-200 espresso\tBrightbrew\t\tE-200\t60.00 USD\thttps://third.example/x1\tin_stock\n',
    );
    await feeds.apply(feed, { retailer: 'Third Shop' });
    // The next lookup states the new price, and offers it as cheaper, without a new import.
    const deadline = Date.now() + 2000;
    let moved = await alternatives('Brightbrew e-100');
    while (moved.length === 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      moved = await alternatives('Brightbrew e-100');
    }
    expect(moved).toEqual([
      ['cheaper', 'e-200', 60, 'Scores 80 against 80 from $60, 40% less than $100.'],
      ['top', 'e-300', 500, 'The best reviewed of 3 in espresso machines: scores 92 on 2 sources.'],
    ]);
    const stored = await prisma.productScore.findUniqueOrThrow({ where: { productId: 'e-200' } });
    expect(stored).toMatchObject({ startingPriceUsd: 60, cheaperId: null, topId: 'e-300' });
  });
});
