import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';
import type { LabelledQuery, QueryKind } from './evaluate.js';
import { fold, jsonLines, unpackedCatalog, type Named, type QueryLine } from './realnames.js';

// The listing development set: one retailer's product titles, as that retailer wrote them,
// resolved against a catalog of another retailer's listings (its README, in the shared data
// folder, says what it is and how it was built). The set stays outside the project: it is read
// where it lies, never copied here, and a machine without it skips it.

/** Where the set may lie: LISTINGS_DEV_DIR, or the shared data folder beside the project. */
const CANDIDATE_DIRS = [
  process.env.LISTINGS_DEV_DIR,
  path.join(projectRoot(), '..', 'shared', 'data', 'listings-dev'),
  '/work/shared/data/listings-dev',
];

/** The folder holding the set, or undefined on a machine without it. */
export function listingsDir(): string | undefined {
  return CANDIDATE_DIRS.find(
    (dir) => dir !== undefined && existsSync(path.join(dir, 'queries.jsonl.gz')),
  );
}

function requireDir(): string {
  const dir = listingsDir();
  if (dir === undefined)
    throw new Error('The listing set is not on this machine: set LISTINGS_DEV_DIR to its folder');
  return dir;
}

const KINDS: Readonly<Record<string, QueryKind>> = {
  walmart_listing: 'listing',
  walmart_listing_short: 'listing-short',
  walmart_listing_absent: 'listing-absent',
};

/** A listing of the set's catalog, as the derived lookups and the labels read it. */
type Listing = Named & { id: string; aliases?: string[] };
let listingsOnce: Listing[] | undefined;
/** The set's catalog lines, read once for both the labels and the derived lookups. */
const readListings = (): Listing[] =>
  (listingsOnce ??= jsonLines(path.join(requireDir(), 'catalog.jsonl.gz')) as Listing[]);

/** The set's catalog as a plain JSON-lines file, unpacked into `outDir` once. */
export async function listingsCatalogFile(outDir: string): Promise<string> {
  return await unpackedCatalog(path.join(requireDir(), 'catalog.jsonl.gz'), outDir, 'listings-dev');
}

/** The set's 929 labelled lookups, each label a catalog id (or null: it must be refused). */
export function readListingQueries(): LabelledQuery[] {
  const dir = requireDir();
  const ids = new Map<string, string>();
  for (const p of readListings()) {
    ids.set(`${fold(p.brand)}\u0000${fold(p.name)}`, p.id);
  }
  const file = path.join(dir, 'queries.jsonl.gz');
  return jsonLines(file).map((value, i) => {
    const line = value as QueryLine;
    const kind = KINDS[line.kind];
    if (kind === undefined) throw new Error(`${file}:${i + 1}: unknown kind ${line.kind}`);
    if (line.expect === null) return { query: line.query, expected: null, kind };
    const id = ids.get(`${fold(line.expect.brand)}\u0000${fold(line.expect.name)}`);
    if (id === undefined)
      throw new Error(`${file}:${i + 1}: ${JSON.stringify(line.expect)} is not in the catalog`);
    return { query: line.query, expected: id, kind };
  });
}

/**
 * Whether a title is in the half of the set never read line by line (issue 52): fixed for good
 * by a hash of the query, so that a rule which moves only the half that is read shows as fitted.
 * That half's figures are reported beside the other's; its lines are never printed.
 */
export const inUnreadHalf = (query: string): boolean =>
  createHash('sha256').update(query).digest()[0]! >= 128;

/** How many listings the derived lookups ask for, each in every derived kind. */
const DERIVED_LISTINGS = 400;
/** How many of a name's first words a start-of-name lookup gives, beside the brand. */
const START_WORDS = [3, 4, 6];

/**
 * Lookups of other kinds than titles over the same catalog, as agents and admins write them:
 * a listing's brand and model number (its alias), and its brand and the first three, four or
 * six words of its name. Every listing with an alias is a candidate; 400 are taken at an even
 * stride of their ids, so the set is the same on every run. The label is the listing each
 * lookup was cut from: a start of a name that another listing's name starts with alike (or
 * names more closely) is a label error, read in bench/RESULTS.md.
 */
export function deriveListingQueries(): LabelledQuery[] {
  const listings = readListings()
    .filter((p) => (p.aliases?.length ?? 0) > 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const stride = listings.length / DERIVED_LISTINGS;
  const chosen = Array.from(
    { length: DERIVED_LISTINGS },
    (_, i) => listings[Math.floor(i * stride)]!,
  );
  const words = (p: Named, n: number) => p.name.split(' ').slice(0, n).join(' ');
  return chosen.flatMap((p): LabelledQuery[] => [
    { query: `${p.brand} ${p.aliases![0]!}`, expected: p.id, kind: 'listing-code' },
    ...START_WORDS.filter((n) => p.name.split(' ').length > n).map((n): LabelledQuery => ({
      query: `${p.brand} ${words(p, n)}`,
      expected: p.id,
      kind: 'listing-start',
    })),
  ]);
}

/** The listing runs `sets` asks for: the titles, the derived lookups, both on one catalog. */
export async function listingRuns(
  outDir: string,
  sets: ReadonlySet<string>,
): Promise<
  {
    title: string;
    catalogFile: string;
    queries: LabelledQuery[];
    unread?: (query: string) => boolean;
  }[]
> {
  if (!sets.has('listings') && !sets.has('listings-derived')) return [];
  if (listingsDir() === undefined) {
    console.error('listing set: not on this machine, skipped');
    return [];
  }
  const catalogFile = await listingsCatalogFile(outDir);
  return [
    ...(sets.has('listings')
      ? [
          {
            title: "retailer titles (listing development set: another retailer's 21,093 listings)",
            catalogFile,
            queries: readListingQueries(),
            unread: inUnreadHalf,
          },
        ]
      : []),
    ...(sets.has('listings-derived')
      ? [
          {
            title: 'listings asked by code and by the start of their names (derived)',
            catalogFile,
            queries: deriveListingQueries(),
          },
        ]
      : []),
  ];
}
