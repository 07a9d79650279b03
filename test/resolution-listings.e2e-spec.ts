import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  describeFailure,
  evaluate,
  type EvalReport,
  type ResolvedQuery,
} from '../bench/resolution/evaluate.js';
import {
  listingsCatalogFile,
  inUnreadHalf,
  listingsDir,
  readListingQueries,
} from '../bench/resolution/listings.js';
import { projectRoot } from '../src/config/project-root.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { resolveAll } from './support/resolve-all.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Names as shops write them (issue 30): one retailer's 929 titles against another retailer's
// 21,093 listings (the listing development set, read where it lies outside the project;
// bench/resolution/listings.ts). The set's labels hold some errors (its README), so every wrong
// answer must be one that bench/RESULTS.md lists, read, as a label error; any other fails, as
// does recall or correct refusals below the floors measured there. A machine without the set
// skips it.

/**
 * The floors measured in bench/RESULTS.md ("Retailer titles"); the 75% is out of
 * reach at no wrong product (there, "The recall goal became what is reachable"), and the
 * measured recall is the goal.
 */
const RECALL = 0.54;
const REFUSALS = 0.98;
/** Of the titles refused whose product is in the catalog: suggested at all, and first. */
const LISTED = 0.8;
const FIRST = 0.6;
/**
 * Recall on the half of the set never read line by line against the half read (issue 52): a
 * rule fitted to the lines read moves only their half.
 */
const HALVES = 0.05;
/**
 * Wrong answers of the half never read that bench/RESULTS.md cannot read as label errors, since
 * nobody reads that half's lines: two (issue 52, "Order of evidence" in RESULTS.md). An absent
 * product's title answered by the one product that carries its code; and a title answered at the
 * found line with a sibling of the same brand and capacity, once a sibling written in TB that
 * had tied with it no longer did (1 TB is 1000 GB). A rule that adds one more fails here.
 */
const UNREAD_WRONG = 2;

/** The queries bench/RESULTS.md reads as label errors: the first column of its table. */
function labelErrors(): Set<string> {
  const results = readFileSync(path.join(projectRoot(), 'bench', 'RESULTS.md'), 'utf8');
  const section = results.split('<!-- listing-wrong-answers -->')[1] ?? '';
  const rows = section.split('\n').filter((line) => /\|\s*label error\s*\|/.test(line));
  return new Set(rows.map((row) => /`([^`]+)`/.exec(row)?.[1] ?? ''));
}

const onThisMachine = listingsDir() !== undefined;

(onThisMachine ? describe : describe.skip)(`${NameResolver.name} on retailer titles`, () => {
  let db: TestDatabase | undefined;
  let app: INestApplication | undefined;
  let dir: string | undefined;
  let results: ResolvedQuery[];
  let report: EvalReport;
  let resolver: NameResolver;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    dir = await mkdtemp(path.join(os.tmpdir(), 'pi-listings-'));
    await app.get(CatalogImporter).import(await listingsCatalogFile(dir));
    resolver = app.get(NameResolver);
    results = await resolveAll(readListingQueries(), (query) => resolver.resolve(query));
    report = evaluate(results);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('asks every labelled lookup of the set', () => {
    expect(report.queries).toBe(929);
    expect(report.answerable).toBe(605);
  });

  it('presents no wrong product but those bench/RESULTS.md reads as label errors', () => {
    const read = labelErrors();
    const wrong = report.failures.filter((f) => f.type !== 'missed' && !read.has(f.query));
    // The half of the set never read line by line (issue 52) fails by count, never by its lines.
    expect(wrong.filter((f) => !inUnreadHalf(f.query)).map(describeFailure)).toEqual([]);
    expect(wrong.filter((f) => inUnreadHalf(f.query)).length).toBeLessThanOrEqual(UNREAD_WRONG);
  });

  it(`finds at least ${(RECALL * 100).toFixed(1)}% of the products and refuses ${REFUSALS * 100}% of the rest`, () => {
    expect(report.recall).toBeGreaterThanOrEqual(RECALL);
    expect(report.correctRefusalRate).toBeGreaterThanOrEqual(REFUSALS);
  });

  it(`finds as many in the half never read as in the half read, within ${HALVES * 100} points`, () => {
    const recall = (unread: boolean) =>
      evaluate(results.filter((r) => inUnreadHalf(r.labelled.query) === unread)).recall;
    expect(Math.abs(recall(true) - recall(false))).toBeLessThanOrEqual(HALVES);
  });

  it(`suggests the product of ${LISTED * 100}% of the titles it refuses, ${FIRST * 100}% first`, () => {
    const { refused, listed, first } = report.suggested;
    expect(refused).toBeGreaterThan(0);
    expect(listed / refused).toBeGreaterThanOrEqual(LISTED);
    expect(first / refused).toBeGreaterThanOrEqual(FIRST);
  });

  it('suggests nothing for a name of no maker that shares a word or two with a product', async () => {
    // "qwerty" is on a phone's name, "asd" (close to "asdf") on a dock's: no maker is named.
    const outcome = await resolver.resolve('asdf qwerty zzzz');
    expect(outcome.found).toBe(false);
    expect(outcome.candidates).toEqual([]);
  });
});
