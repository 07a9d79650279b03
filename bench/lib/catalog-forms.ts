import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { once } from 'node:events';
import readline from 'node:readline';
import { CRITERIA } from '../../src/taxonomy/taxonomy.js';
import type { CatalogLine } from '../../src/catalog/catalog-line.schema.js';

// The same catalog as a JSON Lines file, written as a JSON array and as CSV (products, reviews
// and offers in three files), to time the import of each form on the same products.

const cell = (value: unknown): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\n\r|]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const list = (values: string[] | undefined) =>
  values === undefined || values.length === 0
    ? ''
    : values.some((v) => v.includes('|'))
      ? cell(JSON.stringify(values))
      : cell(values.join('|')).replace(/^\|/, '');

class Out {
  private readonly stream: WriteStream;
  private parts: string[] = [];
  private size = 0;
  constructor(readonly file: string) {
    this.stream = createWriteStream(`${file}.partial`);
  }
  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) await this.flush();
  }
  private async flush(): Promise<void> {
    const ok = this.stream.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
    if (!ok) await once(this.stream, 'drain');
  }
  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    await rename(`${this.file}.partial`, this.file);
  }
}

export interface CatalogForms {
  json: string;
  csv: { products: string; reviews: string; offers: string };
}

/** The JSON array and CSV forms of a JSON Lines catalog, written beside it once. */
export async function ensureCatalogForms(jsonl: string): Promise<CatalogForms> {
  const base = jsonl.replace(/\.jsonl$/, '');
  const forms: CatalogForms = {
    json: `${base}.json`,
    csv: {
      products: `${base}.products.csv`,
      reviews: `${base}.reviews.csv`,
      offers: `${base}.offers.csv`,
    },
  };
  if (existsSync(forms.json) && existsSync(forms.csv.offers)) return forms;
  const json = new Out(forms.json);
  const products = new Out(forms.csv.products);
  const reviews = new Out(forms.csv.reviews);
  const offers = new Out(forms.csv.offers);
  await products.write('id,name,brand,category,aliases\n');
  const reviewColumns = [
    'product_id',
    'source',
    'source_type',
    'score',
    'summary',
    'url',
    'reviewed_at',
    'pros',
    'cons',
  ];
  await reviews.write([...reviewColumns, ...CRITERIA].join(',') + '\n');
  await offers.write('product_id,retailer_name,price,price_as_of,url\n');
  await json.write('[\n');
  let first = true;
  for await (const text of readline.createInterface({ input: createReadStream(jsonl) })) {
    if (text.trim() === '') continue;
    const p = JSON.parse(text) as CatalogLine;
    await json.write(`${first ? '' : ',\n'}  ${JSON.stringify(p)}`);
    first = false;
    await products.write(
      [p.id, p.name, p.brand, p.category].map(cell).join(',') + `,${list(p.aliases)}\n`,
    );
    for (const r of p.reviews ?? []) {
      const fixed = [p.id, r.source, r.source_type, r.score, r.summary, r.url, r.reviewed_at].map(
        cell,
      );
      const criteria = CRITERIA.map((key) => cell(r.criteria?.[key]));
      await reviews.write([...fixed, list(r.pros), list(r.cons), ...criteria].join(',') + '\n');
    }
    for (const o of p.offers ?? [])
      await offers.write(
        [p.id, o.retailer_name, o.price, o.price_as_of, o.url].map(cell).join(',') + '\n',
      );
  }
  await json.write('\n]\n');
  await Promise.all([json, products, reviews, offers].map((out) => out.close()));
  return forms;
}
