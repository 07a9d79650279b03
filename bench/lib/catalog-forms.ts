import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** A product as a shop's page would publish it: ratings on 0 to 100 (best and worst given). */
function jsonLdOf(p: CatalogLine): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    brand: { '@type': 'Brand', name: p.brand },
    category: p.category,
    review: (p.reviews ?? []).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Organization', name: r.source },
      reviewRating: { '@type': 'Rating', ratingValue: r.score, bestRating: 100, worstRating: 0 },
      reviewBody: r.summary,
    })),
    offers: (p.offers ?? []).map((o) => ({
      '@type': 'Offer',
      price: o.price,
      priceCurrency: 'USD',
      url: o.url,
      seller: { '@type': 'Organization', name: o.retailer_name },
    })),
  };
}

export interface CatalogForms {
  json: string;
  /** A folder of pages, one per product, each with its schema.org Product JSON-LD. */
  jsonld: string;
  csv: { products: string; reviews: string; offers: string };
}

/** The JSON array and CSV forms of a JSON Lines catalog, written beside it once. */
export async function ensureCatalogForms(jsonl: string): Promise<CatalogForms> {
  const base = jsonl.replace(/\.jsonl$/, '');
  const forms: CatalogForms = {
    json: `${base}.json`,
    jsonld: `${base}.pages`,
    csv: {
      products: `${base}.products.csv`,
      reviews: `${base}.reviews.csv`,
      offers: `${base}.offers.csv`,
    },
  };
  if (existsSync(forms.json) && existsSync(forms.csv.offers) && existsSync(forms.jsonld))
    return forms;
  await mkdir(`${forms.jsonld}.partial`, { recursive: true });
  let page = 0;
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
    await writeFile(
      path.join(`${forms.jsonld}.partial`, `${String(page++).padStart(7, '0')}.html`),
      `<html><head><script type="application/ld+json">${JSON.stringify(jsonLdOf(p))}</script></head></html>\n`,
    );
    for (const o of p.offers ?? [])
      await offers.write(
        [p.id, o.retailer_name, o.price, o.price_as_of, o.url].map(cell).join(',') + '\n',
      );
  }
  await json.write('\n]\n');
  await Promise.all([json, products, reviews, offers].map((out) => out.close()));
  await rename(`${forms.jsonld}.partial`, forms.jsonld);
  return forms;
}
