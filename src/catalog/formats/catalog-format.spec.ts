import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { catalogFormat } from './catalog-format.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, text: string | Buffer): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

const line = '{"id":"a","name":"A","brand":"B","category":"c"}\n';

describe(catalogFormat.name, () => {
  it('takes the format from --format, then the extension, then the content', async () => {
    expect(await catalogFormat(file('a.jsonl', line))).toBe('jsonl');
    expect(await catalogFormat(file('b.json', `[${line}]`))).toBe('json');
    // JSON Lines is often named .json: its content says what it is.
    expect(await catalogFormat(file('c.json', line + line))).toBe('jsonl');
    expect(await catalogFormat(file('d.csv', 'id,name\n'))).toBe('csv');
    expect(await catalogFormat(file('e.tsv', 'id\tname\n'))).toBe('csv');
    expect(await catalogFormat(file('f', `[${line}]`))).toBe('json');
    expect(await catalogFormat(file('g.txt', 'id,name,brand\n'))).toBe('csv');
    expect(await catalogFormat(file('h.data', line))).toBe('jsonl');
    expect(await catalogFormat(file('i.txt', 'id,name\n'), 'csv')).toBe('csv');
    mkdirSync(path.join(dir, 'pages'));
    expect(await catalogFormat(path.join(dir, 'pages'))).toBe('jsonld');
  });

  it('says in one sentence what a file is when it is not what was expected', async () => {
    await expect(catalogFormat(file('j.jsonl', `[\n${line}]`))).rejects.toThrow(
      'j.jsonl holds a JSON array, not JSON Lines (one product per line): give --format json to read it as an array',
    );
    await expect(catalogFormat(file('k.jsonl', 'id,name,brand,category\n'))).rejects.toThrow(
      'k.jsonl looks like CSV (its first line is "id,name,brand,category"), not JSON Lines: give --format csv to read it as CSV',
    );
    await expect(catalogFormat(file('l.txt', 'id,name\n'), 'jsonl')).rejects.toThrow(
      /looks like CSV/,
    );
    await expect(catalogFormat(file('m.json', '{\n  "id": "a"\n}\n'))).rejects.toThrow(
      'm.json holds a JSON object spread over several lines: JSON Lines needs each product on one line; or write the products as a JSON array, [ {...}, {...} ]',
    );
    await expect(catalogFormat(file('n.jsonl', line), 'xml')).rejects.toThrow(
      '--format must be one of jsonl, json, csv, jsonld (got "xml")',
    );
    await expect(catalogFormat(path.join(dir, 'missing.jsonl'))).rejects.toThrow(
      /cannot read .*missing\.jsonl \(ENOENT\)/,
    );
    await expect(catalogFormat(dir, 'csv')).rejects.toThrow(/is a folder: only --format jsonld/);
  });

  it('refuses a compressed or archived file with what it is, whatever its name or --format', async () => {
    await expect(catalogFormat(file('o.jsonl.gz', gzipSync(line)))).rejects.toThrow(
      'o.jsonl.gz is gzip-compressed: decompress it (gunzip -k o.jsonl.gz), then import the file it gives',
    );
    await expect(catalogFormat(file('p.jsonl', gzipSync(line)), 'jsonl')).rejects.toThrow(
      /p\.jsonl is gzip-compressed/,
    );
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(line)]);
    await expect(catalogFormat(file('q.xlsx', zip))).rejects.toThrow(
      'q.xlsx is a zip archive (or a spreadsheet, which is one): extract the catalog from it, or save a spreadsheet as CSV, then import the file it gives',
    );
    await expect(catalogFormat(file('r.csv', zip), 'csv')).rejects.toThrow(/is a zip archive/);
  });
});
