import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  CatalogImporter,
  CatalogValidationError,
} from '../src/catalog/catalog-importer.service.js';
import { DuplicateBarcodeError } from '../src/catalog/catalog.repository.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Products carry barcodes (gtin) and part numbers (mpn); a lookup by any form of a barcode
// resolves exactly, and an import never lets two products carry one. Invented numbers, each
// with a valid GS1 check digit.

const LOOKUP = '/v1/product-intelligence';
const UPC_A = '036000291452'; // the EAN-13 0036000291452, the GTIN-14 00036000291452
const EAN_13 = '4006381333931';
const UNKNOWN = '5901234123457';
const DIGITS_ALIAS = '902100000006';

describe('Barcode lookups', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let auth: string;
  let importer: CatalogImporter;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
    importer = app.get(CatalogImporter);
    await importer.import(
      await catalogFile([
        product('northwind-aero-2', { name: 'Northwind Aero 2', gtin: [UPC_A], mpn: 'NW-A2/BLK' }),
        product('northwind-aero-3', { name: 'Northwind Aero 3', gtin: [EAN_13, `0${EAN_13}`] }),
        // A model number of digits that happens to be a valid barcode, carried by no product.
        product('northwind-dock', { name: 'Northwind Dock', aliases: [DIGITS_ALIAS] }),
      ]),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const lookup = async (name: string) => {
    const res = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: name });
    expect(res.status).toBe(200);
    return res.body as {
      found: boolean;
      product_name?: string;
      resolution?: { confidence: number };
    };
  };

  it('stores barcodes as 14 digits and the part number folded', async () => {
    const rows = await app.get(PrismaService).product.findMany({
      select: { id: true, gtins: true, mpn: true, mpnKey: true },
      orderBy: { id: 'asc' },
    });
    expect(rows).toEqual([
      { id: 'northwind-aero-2', gtins: [`00${UPC_A}`], mpn: 'NW-A2/BLK', mpnKey: 'nwa2blk' },
      { id: 'northwind-aero-3', gtins: [`0${EAN_13}`], mpn: null, mpnKey: null },
      { id: 'northwind-dock', gtins: [], mpn: null, mpnKey: null },
    ]);
  });

  it('resolves every form of a barcode exactly', async () => {
    for (const form of [UPC_A, `0${UPC_A}`, `00${UPC_A}`, '0 36000 29145 2', '036000-291452']) {
      const body = await lookup(form);
      expect(body).toMatchObject({ found: true, product_name: 'Northwind Aero 2' });
      expect(body.resolution?.confidence).toBe(1);
    }
    expect(await lookup(EAN_13)).toMatchObject({ found: true, product_name: 'Northwind Aero 3' });
  });

  it('answers a barcode no product carries with found: false, and reads a bad one as a name', async () => {
    expect(await lookup(UNKNOWN)).toMatchObject({ found: false });
    // No product carries it as a barcode: it is read as a name, an alias here.
    expect(await lookup(DIGITS_ALIAS)).toMatchObject({
      found: true,
      product_name: 'Northwind Dock',
    });
    // The check digit is wrong: a number, not a barcode; nothing carries it.
    expect(await lookup('036000291453')).toMatchObject({ found: false });
  });

  it('resolves a title by the barcode it writes, unless its words name another product', async () => {
    // Its words alone name neither product ("Aero" is both), the barcode decides.
    const title = `Northwind Aero Wireless Headphones, Black - UPC ${UPC_A}`;
    expect(await lookup(title)).toMatchObject({ found: true, product_name: 'Northwind Aero 2' });
    // A barcode no product carries is read with the title's words, as any number: an alias may
    // hold it, and it may be another product's, so a name that lacks it is not that product.
    expect(await lookup(`Northwind Aero 3 Headphones ${UNKNOWN}`)).toMatchObject({
      found: false,
    });
    // Words naming one product and the barcode of another: the title contradicts itself.
    // Both are suggested: the barcode's product, then the one its words name.
    expect(await lookup(`Northwind Aero 3 ${UPC_A}`)).toMatchObject({
      found: false,
      other_matches: [{ name: 'Northwind Aero 2', match_score: 1 }, { name: 'Northwind Aero 3' }],
    });
  });

  it('resolves barcodes and names in one batch', async () => {
    const res = await request(http)
      .post(`${LOOKUP}/batch`)
      .set('Authorization', auth)
      .send({ product_names: [EAN_13, 'Northwind Aero 2', UNKNOWN] });
    expect(res.status).toBe(200);
    const results = (res.body as { results: { found: boolean; product_name?: string }[] }).results;
    expect(results.map((r) => [r.found, r.product_name])).toEqual([
      [true, 'Northwind Aero 3'],
      [true, 'Northwind Aero 2'],
      [false, undefined],
    ]);
  });

  it('refuses a wrong check digit, and one barcode on two products, importing nothing', async () => {
    const bad = await importer
      .import(await catalogFile([product('bad-gtin', { gtin: ['4006381333932'] })]))
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CatalogValidationError);
    expect((bad as CatalogValidationError).problems).toEqual([
      { line: 1, field: 'gtin[0]', message: '"4006381333932" ends in 2, but its check digit is 1' },
    ]);
    // In the file itself, in two forms.
    const twice = await catalogFile([
      product('twin-a', { gtin: [UPC_A] }),
      product('twin-b', { gtin: [`00${UPC_A}`] }),
    ]);
    await expect(importer.import(twice, { replace: true, force: true })).rejects.toThrow(
      new DuplicateBarcodeError(
        `gtin 00${UPC_A} is on 2 products (twin-a, twin-b): a barcode names one product`,
      ),
    );
    // A merge: against a published product the file leaves in the catalog.
    const merged = await catalogFile([product('newcomer', { gtin: [EAN_13] })]);
    await expect(importer.import(merged)).rejects.toThrow(
      `gtin 0${EAN_13} is on 2 products (newcomer, northwind-aero-3): a barcode names one product`,
    );
    expect(await lookup(UPC_A)).toMatchObject({ found: true, product_name: 'Northwind Aero 2' });
  });
});
