import { catalogTerms } from '../names/search-terms.js';
import { isCode } from '../names/model-codes.js';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { gtin14 } from '../names/gtin.js';
import { compactName, nameKey, NAMES_SEPARATOR, normaliseName } from '../names/name-normaliser.js';
import type { CatalogLine, CatalogOffer, CatalogReview } from './catalog-line.schema.js';
import { copyRow, textArray } from './copy-format.js';

/** The tables an import fills, with the columns of their COPY rows, in load order. */
export const STAGED_TABLES = {
  products: [
    'id',
    'name',
    'brand',
    'category',
    'aliases',
    'name_norm',
    'names_norm',
    'gtins',
    'mpn',
    'mpn_key',
  ],
  product_search_names: ['product_id', 'name_norm', 'name_compact', 'is_alias', 'terms'],
  reviews: [
    'product_id',
    'source',
    'source_type',
    'score',
    'summary',
    'url',
    'reviewed_at',
    'criteria',
    'pros',
    'cons',
  ],
  offers: ['product_id', 'retailer_name', 'price', 'price_as_of', 'url'],
} as const;

export type StagedTable = keyof typeof STAGED_TABLES;
export const STAGED_TABLE_NAMES = Object.keys(STAGED_TABLES) as StagedTable[];

const FLUSH_AT = 256 * 1024;

class TableFile {
  private buffer: string[] = [];
  private size = 0;
  private closing?: Promise<void>;
  readonly stream: WriteStream;

  constructor(readonly file: string) {
    this.stream = createWriteStream(file);
  }

  add(row: string): void {
    this.buffer.push(row);
    this.size += row.length;
  }

  get full(): boolean {
    return this.size >= FLUSH_AT;
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const ok = this.stream.write(this.buffer.join(''));
    this.buffer = [];
    this.size = 0;
    if (!ok) await once(this.stream, 'drain');
  }

  /** Idempotent: the import closes the files, and cleanup closes them again. */
  close(): Promise<void> {
    this.closing ??= this.flush().then(async () => {
      this.stream.end();
      await once(this.stream, 'finish');
    });
    return this.closing;
  }
}

const fileName = (table: StagedTable, chunk: number) => `${table}.${chunk}.copy`;

/** Writes the COPY rows of one chunk of a catalog file (inside a validation worker). */
export class StagingWriter {
  private readonly files: Record<StagedTable, TableFile>;
  private readonly all: TableFile[];

  constructor(dir: string, chunk: number) {
    this.files = Object.fromEntries(
      STAGED_TABLE_NAMES.map((table) => [
        table,
        new TableFile(path.join(dir, fileName(table, chunk))),
      ]),
    ) as Record<StagedTable, TableFile>;
    this.all = Object.values(this.files);
  }

  /** Adds a product's rows; awaits only when a file's buffer is due to be written. */
  async add(line: CatalogLine): Promise<void> {
    this.addRows(line);
    for (const file of this.all) if (file.full) await file.flush();
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((f) => f.close()));
  }

  private addRows(line: CatalogLine): void {
    const nameNorm = normaliseName(line.name);
    const brandNorm = normaliseName(line.brand);
    const aliases = line.aliases ?? [];
    // The name and each alias, once per distinct normalised form.
    const names = new Map<string, boolean>([[nameNorm, false]]);
    // The maker's part number is a name the product is known by, as a code-like alias is
    // (docs/resolution.md, order of evidence), when it reads as a code and not as a word.
    const partNumber = line.mpn !== undefined && isCode(normaliseName(line.mpn).split(' '));
    for (const alias of partNumber ? [...aliases, line.mpn!] : aliases) {
      const norm = normaliseName(alias);
      if (norm !== '' && !names.has(norm)) names.set(norm, true);
    }
    const namesNorm = [...names.keys()].join(NAMES_SEPARATOR);
    this.files.products.add(
      copyRow([
        line.id,
        line.name,
        line.brand,
        line.category,
        textArray(aliases),
        nameNorm,
        namesNorm,
        line.gtin === undefined ? '{}' : textArray([...new Set(line.gtin.map(gtin14))]),
        line.mpn,
        line.mpn === undefined ? undefined : nameKey(line.mpn),
      ]),
    );
    for (const [norm, isAlias] of names) {
      this.files.product_search_names.add(
        copyRow([
          line.id,
          norm,
          compactName(norm),
          isAlias,
          textArray(catalogTerms(norm, brandNorm)),
        ]),
      );
    }
    for (const review of line.reviews ?? []) this.addReviewRow(line.id, review);
    for (const offer of line.offers ?? []) this.addOfferRow(line.id, offer);
  }

  /** A review of a product given apart from it (a CSV catalog's review file). */
  async addReview(productId: string, review: CatalogReview): Promise<void> {
    this.addReviewRow(productId, review);
    if (this.files.reviews.full) await this.files.reviews.flush();
  }

  /** An offer of a product given apart from it (a CSV catalog's offer file). */
  async addOffer(productId: string, offer: CatalogOffer): Promise<void> {
    this.addOfferRow(productId, offer);
    if (this.files.offers.full) await this.files.offers.flush();
  }

  private addReviewRow(productId: string, r: CatalogReview): void {
    this.files.reviews.add(
      copyRow([
        productId,
        r.source,
        r.source_type,
        r.score,
        r.summary,
        r.url,
        r.reviewed_at,
        JSON.stringify(r.criteria ?? {}),
        textArray(r.pros ?? []),
        textArray(r.cons ?? []),
      ]),
    );
  }

  private addOfferRow(productId: string, o: CatalogOffer): void {
    this.files.offers.add(copyRow([productId, o.retailer_name, o.price, o.price_as_of, o.url]));
  }
}

/** The folders of imports in the temporary directory, and the file naming each one's process. */
const FOLDER_PREFIX = 'catalog-import-';
const OWNER_FILE = 'owner.pid';
/** A folder that names no process (an earlier version's) is left alone while this young. */
const UNOWNED_GRACE_MS = 60 * 60 * 1000;

/** Whether process `pid` is running (EPERM: it is, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a folder of the temporary directory belongs to no running import. */
async function abandoned(dir: string): Promise<boolean> {
  const owner = await readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => undefined);
  if (owner !== undefined) {
    const pid = Number(owner.trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !running(pid);
  }
  const { mtimeMs } = await stat(dir);
  return Date.now() - mtimeMs > UNOWNED_GRACE_MS;
}

/** Folders of this process's imports, removed on exit if an import could not do it itself. */
const live = new Set<string>();
let exitHookInstalled = false;

/**
 * The private temporary folder of COPY-ready files of one import: each validation
 * worker writes its chunk's files, and the load streams them into PostgreSQL in order.
 * It holds the pid of its process, so that the next import removes it when an import was
 * killed before it could (a folder holds about the size of the catalog file).
 */
export class CatalogStaging {
  private chunks = 0;

  private constructor(readonly dir: string) {}

  static async create(): Promise<CatalogStaging> {
    await CatalogStaging.removeAbandoned();
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', () => CatalogStaging.removeAllSync());
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), FOLDER_PREFIX));
    live.add(dir);
    // Written whole, then renamed: a folder's owner file always names its process.
    await writeFile(path.join(dir, `${OWNER_FILE}.new`), `${process.pid}\n`);
    await rename(path.join(dir, `${OWNER_FILE}.new`), path.join(dir, OWNER_FILE));
    return new CatalogStaging(dir);
  }

  /** Removes the folders of imports whose process is gone; returns how many. */
  static async removeAbandoned(tmp = os.tmpdir()): Promise<number> {
    const entries = await readdir(tmp, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isDirectory() || !entry.name.startsWith(FOLDER_PREFIX)) continue;
      const dir = path.join(tmp, entry.name);
      // Another user's folder, or one removed meanwhile, is not this import's to remove.
      if (!(await abandoned(dir).catch(() => false))) continue;
      await rm(dir, { recursive: true, force: true }).then(
        () => (removed += 1),
        () => undefined,
      );
    }
    return removed;
  }

  /** Removes this process's folders at once: on exit, or when the process is stopped. */
  static removeAllSync(): void {
    for (const dir of live) {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      live.delete(dir);
    }
  }

  /** Declares how many chunks were written (0 to chunks - 1). */
  setChunks(chunks: number): void {
    this.chunks = chunks;
  }

  /** One chunk more, after the validated file's: its number. */
  addChunk(): number {
    return this.chunks++;
  }

  filesOf(table: StagedTable): string[] {
    return Array.from({ length: this.chunks }, (_, chunk) =>
      path.join(this.dir, fileName(table, chunk)),
    );
  }

  async totalBytes(): Promise<number> {
    const files = STAGED_TABLE_NAMES.flatMap((table) => this.filesOf(table));
    const sizes = await Promise.all(files.map((file) => stat(file)));
    return sizes.reduce((sum, s) => sum + s.size, 0);
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true, maxRetries: 3 });
    live.delete(this.dir);
  }
}
