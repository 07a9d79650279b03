import { describe, expect, it } from '@jest/globals';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CatalogValidationError } from '../src/catalog/catalog-importer.service.js';
import type { CatalogSource } from '../src/catalog/formats/catalog-source.js';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { importerContext } from './support/importer-context.js';
import { bearer } from './support/test-app.js';
import { runBuiltCommand } from './support/run-command.js';
import { temporaryFolder } from './support/temp-folders.js';

// catalog:import reads JSON Lines, a JSON array and CSV (products, with reviews and offers as
// two more CSV files or as JSON in a column): each gives the catalog the JSON Lines form gives,
// and each mistake a newcomer makes is answered by a sentence that says where and what to fix.

const FIXTURE = 'test/fixtures/catalog-valid';
const SIDE = { reviews: `${FIXTURE}.reviews.csv`, offers: `${FIXTURE}.offers.csv` };

const csvCell = (value: string) =>
  /[",\n|]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

describe('CatalogImporter formats', () => {
  const ctx = importerContext();
  let dir: string;
  const file = async (name: string, text: string | Buffer) => {
    dir ??= await temporaryFolder('catalog-formats-');
    const at = path.join(dir, name);
    await writeFile(at, text);
    return at;
  };

  /** Everything the import wrote, in a stable order, to compare catalogs. */
  const catalog = async () => ({
    products: await ctx.prisma.$queryRaw`
      SELECT id, name, brand, category, aliases FROM products ORDER BY id`,
    reviews: await ctx.prisma.$queryRaw`
      SELECT product_id, source, source_type, score, summary, url, reviewed_at, criteria, pros, cons
        FROM reviews ORDER BY product_id, source`,
    offers: await ctx.prisma.$queryRaw`
      SELECT product_id, retailer_name, price, price_as_of, url
        FROM offers ORDER BY product_id, retailer_name`,
  });

  const imported = async (source: CatalogSource) => {
    await ctx.prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
    const summary = await ctx.importer.import(source);
    expect(summary).toMatchObject({ products: 4, reviews: 4, offers: 3 });
    return await catalog();
  };

  const problemsOf = async (source: CatalogSource) => {
    const error = await ctx.importer.import(source).catch((e: unknown) => e);
    if (!(error instanceof CatalogValidationError))
      throw new Error(`expected problems, got ${String(error)}`);
    expect(await ctx.counts()).toMatchObject({ products: 0 });
    return error.problems.map(
      (p) => `${p.at ?? `line ${p.line}`}: ${p.field ? `${p.field}: ` : ''}${p.message}`,
    );
  };

  it('refuses bytes that are not UTF-8 in every form, saying where they are', async () => {
    const bytes = (name: string, ...parts: (string | number[])[]) =>
      file(name, Buffer.concat(parts.map((p) => Buffer.from(p as string))));
    const csv = await bytes(
      'latin1.csv',
      'id,name,brand,category\nw-1,Wid',
      [0xe9],
      'get,Acme,w\n',
    );
    const array = await bytes(
      'latin1.json',
      '[\n{"id": "w-1",\n "name": "Wid',
      [0xe9],
      'get", "brand": "Acme", "category": "w"}\n]\n',
    );
    const lines = await bytes(
      'latin1.jsonl',
      '{"id": "w-1", "name": "Wid',
      [0xc3, 0x28],
      '", "brand": "Acme", "category": "w"}\n',
    );
    expect(await problemsOf({ file: csv })).toEqual([
      'latin1.csv row 2: not valid UTF-8 (line 2, byte 30)',
    ]);
    expect(await problemsOf({ file: array })).toEqual([
      'latin1.json item 1 (line 2): not valid UTF-8 (line 3, byte 29)',
    ]);
    expect(await problemsOf({ file: lines })).toEqual(['line 1: not valid UTF-8 (byte 26)']);
  });

  it('bounds a CSV row while it is read, and reads no further', async () => {
    // One cell just over the bound, and a row after it that would be reported if it were read.
    const cell = 'x'.repeat(1024 * 1024 + 1);
    const big = await file('big.csv', `id,name,brand,category\nw-1,${cell},Acme,w\nw-2,,Acme,w\n`);
    expect(await problemsOf({ file: big })).toEqual([
      'big.csv row 2: longer than 1048576 characters (a quote left open?): the file is not read past it',
    ]);
    // A quote left open would take the rest of the file into one cell.
    const open = await file(
      'open.csv',
      `id,name,brand,category\nw-1,"Widget,Acme,w\n${'w-2,n,Acme,w\n'.repeat(90_000)}`,
    );
    expect(await problemsOf({ file: open })).toEqual([
      'open.csv row 2: longer than 1048576 characters (a quote left open?): the file is not read past it',
    ]);
  });

  it('says every problem of a CSV row, a missing column once, and a decimal comma', async () => {
    const products = await file(
      'rows.csv',
      'id,name,brand,category,offers\nW 1,,Acme,widgets,[{"price": }]\nw-2,Two,Acme,w,\n',
    );
    expect(await problemsOf({ file: products })).toEqual([
      expect.stringMatching(/^rows\.csv row 2: offers: not valid JSON \(/),
      expect.stringMatching(/^rows\.csv row 2: id: /),
      'rows.csv row 2: name: required',
    ]);
    const nocolumn = await file('nocat.csv', 'id,name,brand\nw-1,A,B\nw-2,C,D\n');
    expect(await problemsOf({ file: nocolumn })).toEqual([
      'nocat.csv row 1 (the header): no "category" column: every row needs one',
    ]);
    // A spreadsheet where the decimal mark is a comma writes semicolons between the cells.
    const semi = await file('semi.csv', 'id;name;brand;category\nw-1;Widget;Acme;w\n');
    const offers = await file(
      'semi-offers.csv',
      'product_id;retailer_name;price;price_as_of;url\nw-1;Shop;499,00;2026-11-01T00:00:00Z;https://shop.example/1\n',
    );
    const reviews = await file(
      'three.csv',
      'product_id;source;source_type;score;summary\nw-1;Lab;lab_tst;high;\n',
    );
    expect(await problemsOf({ file: semi, offers, reviews })).toEqual([
      expect.stringMatching(/^three\.csv row 2: source_type: /),
      'three.csv row 2: score: Invalid input: expected number, received string',
      'three.csv row 2: summary: required',
      'semi-offers.csv row 2: price: "499,00" has a decimal comma: write 499.00 (numbers take a point, whatever the separator)',
    ]);
  });

  it('imports a JSON array and CSV files as the same catalog as JSON Lines', async () => {
    const lines = await imported({ file: `${FIXTURE}.jsonl` });
    expect(lines.products).toHaveLength(4);
    expect(await imported({ file: `${FIXTURE}.json` })).toEqual(lines);
    expect(await imported({ file: `${FIXTURE}.products.csv`, ...SIDE })).toEqual(lines);

    // Reviews and offers as JSON in a column, in a file named neither .csv nor .json.
    const products = (await readFile(`${FIXTURE}.jsonl`, 'utf8'))
      .trim()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const rows = products.map((p: Record<string, unknown>) =>
      [
        p.id,
        p.name,
        p.brand,
        p.category,
        JSON.stringify(p.aliases ?? []),
        JSON.stringify(p.reviews ?? []),
        JSON.stringify(p.offers ?? []),
      ]
        .map((v) => csvCell(String(v)))
        .join(','),
    );
    const columns = await file(
      'export.txt',
      ['id,name,brand,category,aliases,reviews,offers', ...rows].join('\r\n'),
    );
    expect(await imported({ file: columns })).toEqual(lines);
  });

  it('reads the templates under docs/templates', async () => {
    await ctx.importer.import({
      file: 'docs/templates/products.csv',
      reviews: 'docs/templates/reviews.csv',
      offers: 'docs/templates/offers.csv',
    });
    const fromCsv = await catalog();
    expect(fromCsv.products).not.toHaveLength(0);
    await ctx.prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
    await ctx.importer.import({ file: 'docs/templates/catalog.json' });
    expect(await catalog()).toEqual(fromCsv);
    await ctx.prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
    await ctx.importer.import({ file: 'docs/templates/catalog.jsonl' });
    expect(await catalog()).toEqual(fromCsv);
  });

  it('locates each problem of a JSON array by item and line', async () => {
    const text =
      '[\n  {"id": "a-1", "name": "A", "brand": "B", "category": "c"},\n  {"id": "a-2", "brand": "B", "category": "c"},\n  {"id": "a-1", "name": "A", "brand": "B", "category": "c"}\n';
    expect(await problemsOf({ file: await file('broken.json', text) })).toEqual([
      'broken.json item 2 (line 3): name: required',
      'broken.json item 3 (line 4): the file ends inside the array: its closing ] is missing',
    ]);
    const closed = await file('dup.json', `${text}]`);
    expect(await problemsOf({ file: closed })).toEqual(
      [
        'dup.json item 2 (line 3): name: required',
        'dup.json item 4 (line 4): id: duplicate id "a-1" (first on dup.json item 1 (line 2))',
      ].map((p) => p.replace('item 4 (line 4)', 'item 3 (line 4)')),
    );
  });

  it('locates each problem of CSV files by file, row and column', async () => {
    const products = await file(
      'products.csv',
      'id,name,brand,category,aliases\nw-1,Widget 12" Pro,Acme,widgets,W1 | Widget One\nw-2,,Acme,widgets,\nw-1,Again,Acme,widgets,\n',
    );
    const reviews = await file(
      'reviews.csv',
      'product_id,source,source_type,score,summary,comfort\nw-1,Lab,lab_test,high,Fine.,\nw-9,Lab,lab_test,50,Fine.,\nw-1,Club,community,50,Fine.,\nw-1,Club,community,60,Again.,\nw-1,Shop,community,60,Fine.,101\n',
    );
    expect(await problemsOf({ file: products, reviews })).toEqual([
      'products.csv row 3: name: required',
      'products.csv row 4: id: duplicate id "w-1" (first on products.csv row 2)',
      'reviews.csv row 2: score: Invalid input: expected number, received string',
      'reviews.csv row 3: product_id: no product "w-9" in the catalog file',
      'reviews.csv row 5: source: duplicate source "Club" for product "w-1" (first on row 4): one review per source',
      'reviews.csv row 6: criteria.comfort: Too big: expected number to be <=100',
    ]);
    const header = await file('header.csv', 'id,name,brand,category,colour\n');
    expect(await problemsOf({ file: header })).toEqual(
      [
        'header.csv row 1 (the header): unknown column "colour": the columns are id, name, brand, category, aliases, gtin, mpn, reviews, offers',
      ].map((p) => expect.stringContaining(p.slice(0, 80)) as unknown as string),
    );
  });

  it('seeds products, reviews and offers from schema.org JSON-LD pages', async () => {
    const pages = path.join(await temporaryFolder('json-ld-'), 'pages');
    await mkdir(pages);
    const block = (product: object) =>
      `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head></html>`;
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Glowline Desk Lamp',
      brand: { '@type': 'Brand', name: 'Glowline' },
      category: 'lamps',
      gtin13: '4006381333931',
      offers: {
        '@type': 'Offer',
        price: '25.00',
        priceCurrency: 'USD',
        url: 'https://a.example/lamp',
        seller: { name: 'Shop A' },
      },
      review: [
        {
          '@type': 'Review',
          author: { name: 'Ann' },
          reviewRating: { ratingValue: 4 },
          reviewBody: 'Bright.',
          datePublished: '2026-10-01',
        },
        {
          '@type': 'Review',
          author: 'Bo',
          reviewRating: { ratingValue: 9, bestRating: 10, worstRating: 0 },
          reviewBody: 'Good.',
        },
      ],
    };
    await writeFile(path.join(pages, 'a.html'), block(product));
    // The same product on another shop's page: one product, both shops' offers.
    await writeFile(
      path.join(pages, 'b.jsonld'),
      JSON.stringify({
        ...product,
        review: [],
        offers: {
          price: 24,
          priceCurrency: 'USD',
          url: 'https://b.example/lamp',
          seller: 'Shop B',
        },
      }),
    );
    const summary = await ctx.importer.import({ file: pages });
    expect(summary).toMatchObject({ products: 1, reviews: 1, offers: 2 });
    const { products, reviews, offers } = await catalog();
    expect(products).toEqual([
      {
        id: 'glowline-desk-lamp',
        name: 'Glowline Desk Lamp',
        brand: 'Glowline',
        category: 'lamps',
        aliases: [],
      },
    ]);
    expect(
      (reviews as { source: string; score: number; source_type: string }[]).map((r) => [
        r.source,
        r.score,
        r.source_type,
      ]),
    ).toEqual([['Shop A', 82.5, 'user_reviews']]); // its two customers: one source
    expect((offers as { retailer_name: string }[]).map((o) => o.retailer_name)).toEqual([
      'Shop A',
      'Shop B',
    ]);

    await writeFile(
      path.join(pages, 'c.html'),
      block({ '@type': 'Product', name: 'No Brand Lamp' }) +
        '<script type="application/ld+json">{"@type": </script>',
    );
    await ctx.prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
    expect(await problemsOf({ file: pages, format: 'jsonld' })).toEqual([
      'pages/c.html line 1: brand: required',
      'pages/c.html line 1: not valid JSON-LD (Unexpected end of JSON input)',
    ]);
  });

  it('reads a JSON-LD page of any length as it streams, keeping only its JSON-LD', async () => {
    // 8 MiB of a shop's ordinary HTML around a small block, then a page whose one block is
    // 64 MiB: neither costs the import more memory than a small page, and the second is refused
    // once its first MiB is read.
    const pages = path.join(await temporaryFolder('json-ld-big-'), 'pages');
    await mkdir(pages);
    const page = async (name: string, head: string, fill: string, mib: number, tail: string) => {
      const handle = await open(path.join(pages, name), 'w');
      const one = fill.repeat(Math.ceil(2 ** 20 / fill.length));
      await handle.write(head);
      for (let i = 0; i < mib; i += 1) await handle.write(one);
      await handle.write(tail);
      await handle.close();
    };
    const ld = '<script type="application/ld+json">';
    const lamp = {
      '@type': 'Product',
      name: 'Glowline Lamp',
      brand: 'Glowline',
      category: 'lamps',
    };
    await page(
      'a.html',
      `<html><head>${ld}${JSON.stringify(lamp)}</script></head><body>\n`,
      '<p>Ordinary text of a shop page, <script>var a = "<scr" + "ipt>";</script></p>\n',
      8,
      '</body></html>\n',
    );
    expect(await ctx.importer.import({ file: pages })).toMatchObject({ products: 1 });

    // The command refuses a page whose block is 2 MiB, then one whose block is 64 MiB, within a
    // heap of 96 MiB that holding the page would overflow. What it read in all (its modules, the
    // pages, PostgreSQL's answers), written as it exits, is the same for both: it stops reading a
    // page at the bound. Its peak resident set is no measure here: a busy machine's collector
    // moved it from 190 to 373 MiB with the same page.
    const readsFile = path.join(pages, '..', 'bytes-read');
    const report = `import{readFileSync,writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(${JSON.stringify(readsFile)},/^rchar: (\\d+)/m.exec(readFileSync("/proc/self/io","utf8"))[1]))`;
    const cli = path.join('dist', 'src', 'cli.js');
    const heap = '--max-old-space-size=96';
    const argv = [process.execPath, heap, '--import', `data:text/javascript,${report}`, cli];
    const refuse = async (mib: number) => {
      await page(
        'b.html',
        `<html><head>\n${ld}{"@type": "Product", "name": "`,
        'x',
        mib,
        '"}</script>',
      );
      const run = await runBuiltCommand('catalog:import', [], { DATABASE_URL: ctx.db.url }, [
        ...argv,
        'catalog:import',
        pages,
      ]);
      expect([run.code, run.stdout + run.stderr]).toEqual([
        1,
        expect.stringContaining(
          'pages/b.html line 2: JSON-LD longer than 1048576 characters: the page is not read past it',
        ),
      ]);
      expect(await ctx.counts()).toMatchObject({ products: 1, publications: 1 });
      return Number(await readFile(readsFile, 'utf8')) / 2 ** 20;
    };
    const small = await refuse(2);
    expect(Math.abs((await refuse(64)) - small)).toBeLessThan(1);
  }, 60_000);

  describe('a JSON-LD page in answers', () => {
    /** The answer for a name after importing these pages, one file each, through the real app. */
    const answerAfter = async (pages: Record<string, object>, name: string) => {
      const folder = await temporaryFolder('json-ld-answers-');
      for (const [file, product] of Object.entries(pages))
        await writeFile(
          path.join(folder, file),
          `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head></html>`,
        );
      await ctx.importer.import({ file: folder });
      const http = ctx.app.getHttpServer() as App;
      const res = await request(http)
        .get('/v1/product-intelligence')
        .set('Authorization', (auth ??= await bearer(ctx.app)))
        .query({ product_name: name });
      expect(res.status).toBe(200);
      return res.body as {
        headline: string;
        service_score: number;
        score_basis: string;
        source_count: number;
        source_consensus: { source: string; source_type: string; score: number; summary: string }[];
        considerations: { title: string; detail: string }[];
      };
    };
    let auth: string | undefined;
    const lamp = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Glowline Desk Lamp',
      brand: { '@type': 'Brand', name: 'Glowline' },
      category: 'lamps',
      url: 'https://shop.example/lamp',
      offers: { '@type': 'Offer', price: '25.00', priceCurrency: 'USD', seller: 'Shop A' },
    };
    const person = (name: string) => ({ '@type': 'Person', name });

    it("speaks of a shop's two customers as one source, never as two that disagree", async () => {
      const body = await answerAfter(
        {
          'lamp.html': {
            ...lamp,
            review: [
              { '@type': 'Review', author: person('Ann'), reviewRating: { ratingValue: 5 } },
              { '@type': 'Review', author: person('Bo'), reviewRating: { ratingValue: 4 } },
            ],
          },
        },
        'Glowline Desk Lamp',
      );
      expect(body.headline).toBe('Glowline Desk Lamp: excellent overall (87.5/100 from 1 source).');
      expect(body.source_count).toBe(1);
      expect(body.source_consensus).toEqual([
        expect.objectContaining({
          source: 'shop.example',
          source_type: 'user_reviews',
          score: 87.5,
          summary: 'Customers rate it 87.5/100 on average (2 reviews).',
        }),
      ]);
      expect(body.considerations.map((c) => c.title)).toEqual(['Only one source']);
    });

    it("takes a page's aggregateRating as its customers' verdict", async () => {
      const body = await answerAfter(
        {
          'lamp.html': {
            ...lamp,
            aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.2', reviewCount: '31' },
          },
        },
        'Glowline Desk Lamp',
      );
      expect(body).toMatchObject({
        headline: 'Glowline Desk Lamp: very good overall (80/100 from 1 source).',
        service_score: 80,
        score_basis: 'sources',
        source_count: 1,
        source_consensus: [
          expect.objectContaining({
            source: 'shop.example',
            source_type: 'user_reviews',
            score: 80,
            summary: 'Customers rate it 80/100 on average (31 ratings).',
          }),
        ],
      });
    });
  });

  it('answers a file that is not what its name says with one sentence', async () => {
    const run = (...args: string[]) =>
      runBuiltCommand('catalog:import', args, { DATABASE_URL: ctx.db.url });
    const csv = await file('catalog.jsonl', 'id,name,brand,category\nw-1,Widget,Acme,widgets\n');
    const array = await file(
      'array.jsonl',
      '[{"id": "w-1", "name": "Widget", "brand": "Acme", "category": "widgets"}]\n',
    );
    const spread = await file('spread.json', '{\n  "id": "w-1",\n  "name": "Widget"\n}\n');
    const arrayCsv = await file(
      'array.csv',
      '[\n  {"id": "w-1", "name": "Widget", "brand": "Acme", "category": "widgets"}\n]\n',
    );
    // The import the command runs refuses each in this process, with the sentence the command
    // prints (a process of its own each took a second of CPU); the first goes through the
    // command, which prints it as its one line and exits 1.
    const refusal = (source: CatalogSource) =>
      ctx.importer.import(source).then(
        () => 'imported',
        (error: Error) => error.message,
      );
    const gzipped = await file('catalog.jsonl.gz', gzipSync(await readFile(`${FIXTURE}.jsonl`)));
    const [command, ...refusals] = await Promise.all([
      run(csv),
      refusal({ file: array }),
      refusal({ file: spread }),
      refusal({ file: `${FIXTURE}.json`, reviews: csv }),
      refusal({ file: arrayCsv }),
      refusal({ file: gzipped }),
    ]);
    expect([command.code, command.stderr]).toEqual([
      1,
      'catalog:import: catalog.jsonl looks like CSV (its first line is "id,name,brand,category"), not JSON Lines: give --format csv to read it as CSV\n',
    ]);
    expect(refusals).toEqual([
      'array.jsonl holds a JSON array, not JSON Lines (one product per line): give --format json to read it as an array',
      'spread.json holds a JSON object spread over several lines: JSON Lines needs each product on one line; or write the products as a JSON array, [ {...}, {...} ]',
      '--reviews and --offers go with a CSV catalog file',
      'array.csv holds a JSON array, not CSV: give --format json to read it as an array',
      'catalog.jsonl.gz is gzip-compressed: decompress it (gunzip -k catalog.jsonl.gz), then import the file it gives',
    ]);
    const forced = await run(csv, '--format', 'csv', '--dry-run');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/^Valid: 1 product, 0 reviews and 0 offers/);
  });
});
