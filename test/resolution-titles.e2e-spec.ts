import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Titles as shops write them (issue 30), resolved against a small catalog imported into
// PostgreSQL, as the service resolves them: the catalog's own counts (which words tell siblings
// apart) come from the import. The rules' finer cases are in src/names/*.spec.ts.

describe(`${NameResolver.name} on shop titles`, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let resolver: NameResolver;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    resolver = app.get(NameResolver);
    const listing = (id: string, brand: string, name: string, aliases?: string[]) =>
      product(id, { brand, name, ...(aliases && { aliases }) });
    await app.get(CatalogImporter).import(
      await catalogFile([
        // Colours the catalog tells siblings apart by.
        listing('lamp-black', 'Deskco', 'Desk Lamp Black'),
        listing('lamp-gray', 'Deskco', 'Desk Lamp Gray'),
        listing('lamp-white', 'Deskco', 'Desk Lamp White'),
        listing('fan-black', 'Deskco', 'Desk Fan Black'),
        listing('fan-gray', 'Deskco', 'Desk Fan Gray'),
        listing('ssk107', 'Seal Shield', 'SSK107 Medical Grade Keyboard'),
        listing('stratus', 'Samsung', 'Stratus GSM Phone Black', ['C3050']),
        listing('erc-09b', 'Epson', 'Black Ribbon Cassette for M-160 ERC-09B'),
        // Its model number reads the query better than its name, which leaves five codes unsaid.
        listing('erc-38b', 'Epson', 'Erc Ribbon Cassette for TMU200D TM300A TM300B TM267 TM288', [
          'ERC-38B',
        ]),
        listing('organizer', 'Rubbermaid', 'Rotary Desk Organizer with Supplies'),
        listing('folders', 'Smead', '37160 - Recycled End Tab Fastener Folders 11 Point Legal'),
        listing('charging-kit', 'Inland', 'Pro iPhone and iPod 3-In-One Charging Kit'),
        // A title that says "Slim", which tells no two products apart here; and "Lite", which does.
        listing('ssd', 'Driveco', 'RevoDisk 110 GB PCI Express Slim Solid State Drive DRV1RVD0110'),
        listing('printer', 'Labelco', 'Label Printer'),
        listing('printer-lite', 'Labelco', 'Label Printer Lite'),
        listing(
          'printer-roll',
          'Labelco',
          'Thermal Label Printer Lite with Roll Holder and Cutter',
        ),
        // Two cameras that state 8MP, one asked by its model number; an ink whose line says Ultra.
        listing('sx100is', 'Canon', 'PowerShot SX100IS 8MP Digital Camera', ['SX100IS']),
        listing('a590', 'Canon', 'PowerShot A590 8MP Digital Camera', ['A590IS']),
        listing('t125420', 'Epson', 'Durabrite Ultra Ink Yellow T125420'),
        listing('proshot', 'EDGE', 'ProShot 4GB SDHC Memory Card Class 6'),
      ]),
    );
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const answer = async (query: string) => {
    const outcome = await resolver.resolve(query);
    return outcome.found ? outcome.productId : undefined;
  };

  it('reads a colour as describing a product its code anchors and the title names whole', async () => {
    expect(await answer('Seal Shield SSK107 Medical Grade Keyboard - Dishwasher Safe Black')).toBe(
      'ssk107',
    );
    // Without the code, the colour may be a sibling's the catalog lacks.
    expect(await answer('Seal Shield Medical Grade Keyboard Black')).toBeUndefined();
  });

  it('never lets a model number named alone make a colour describe a name that says another', async () => {
    expect(await answer('Samsung C3050 GSM Phone Black')).toBe('stratus');
    expect(await answer('Samsung C3050 GSM Phone Gray')).toBeUndefined();
  });

  it('refuses a name that another product names as closely by any of its names', async () => {
    const outcome = await resolver.resolve('Epson Erc Ribbon Cassette');
    expect(outcome.found).toBe(false);
    expect(outcome.explanation.decision).toMatch(/names as much of the query/);
    expect(await answer('Epson ERC-09B Ribbon Cassette')).toBe('erc-09b');
  });

  it('reads shops’ spellings: w/ for with, 11pt for 11 Point, 3-in-1 for 3-In-One', async () => {
    expect(await answer('Rubbermaid Rotary Desk Organizer w/ Supplies')).toBe('organizer');
    expect(await answer('Smead Recycled End Tab Fastener Folders 11pt Legal')).toBe('folders');
    expect(await answer('Smead Recycled End Tab Fastener Folders 12pt Legal')).toBeUndefined();
    expect(await answer('Inland Pro iPhone and iPod 3-in-1 Charging Kit')).toBe('charging-kit');
  });

  it('reads a title’s variant word as another model only where the catalog tells one by it', async () => {
    expect(await answer('Driveco 110GB RevoDisk PCI Express Solid State Drive')).toBe('ssd');
    const lite = await resolver.resolve(
      'Labelco Thermal Label Printer with Roll Holder and Cutter',
    );
    expect(lite.found).toBe(false);
    const title = lite.explanation.candidates.find((c) => c.productId === 'printer-roll');
    expect(title?.rejected).toMatch(/is the lite variant/);
  });

  it('reads an anchored product’s own measure and its line’s variant word as its own', async () => {
    expect(await answer('Canon SX100IS 8MP')).toBe('sx100is');
    expect(await answer('Canon SX100IS 10MP')).toBeUndefined();
    expect(await answer('Epson T125420 Yellow DURABrite Cartridge')).toBe('t125420');
  });

  it('reads Tech after a brand as the maker’s full name', async () => {
    expect(await answer('EDGE Tech ProShot 4GB SDHC Memory Card Class 6')).toBe('proshot');
  });
});
