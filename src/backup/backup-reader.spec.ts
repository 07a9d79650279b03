import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BACKUP_FORMAT, jsonLine, type BackupHeader } from './backup-format.js';
import { BackupReader, type BackupEvent } from './backup-reader.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'pi-backup-reader-'));
const header: BackupHeader = {
  format: BACKUP_FORMAT,
  version: 1,
  created_at: '2026-11-26T00:00:00.000Z',
  server_version: '18.4',
  migrations: [{ name: '20261123000000_init', checksum: 'abc' }],
  sequences: [],
  data_files: {},
};

function file(name: string, content: string | Buffer): string {
  const target = path.join(folder, name);
  writeFileSync(target, content);
  return target;
}

async function events(reader: BackupReader): Promise<BackupEvent[]> {
  const all: BackupEvent[] = [];
  for await (const event of reader.events()) all.push(event);
  return all;
}

describe(BackupReader.name, () => {
  it('reads the header, then each table and its rows', async () => {
    const body =
      jsonLine(header) +
      jsonLine({ table: 'products', columns: ['id', 'name'] }) +
      'p1\tOne\np2\tTwo \\\\. \\n\n\\.\n' +
      jsonLine({ table: 'offers', columns: ['id'] }) +
      '\\.\n' +
      jsonLine({ end: true, rows: { products: 2, offers: 0 } });
    const reader = await BackupReader.open(file('whole.gz', gzipSync(body)));
    expect(reader.header.migrations[0]!.name).toBe('20261123000000_init');
    const read = await events(reader);
    expect(read.map((e) => (e.kind === 'rows' ? { rows: e.data.toString() } : e))).toEqual([
      { kind: 'table', table: 'products', columns: ['id', 'name'] },
      { rows: 'p1\tOne\np2\tTwo \\\\. \\n\n' },
      { kind: 'table', table: 'offers', columns: ['id'] },
      { kind: 'end', rows: { products: 2, offers: 0 } },
    ]);
  });

  it('says in one line why a file is not a backup', async () => {
    await expect(BackupReader.open(file('plain.jsonl', '{"id":"x"}\n'))).rejects.toThrow(
      /plain\.jsonl is not a Product Intelligence backup \(not a gzip file/,
    );
    await expect(BackupReader.open(file('other.gz', gzipSync('{"id":"x"}\n')))).rejects.toThrow(
      /other\.gz is not a Product Intelligence backup \(its first line is not a backup header\)/,
    );
    await expect(BackupReader.open(path.join(folder, 'none.gz'))).rejects.toThrow(
      /cannot read .*none\.gz \(ENOENT\)/,
    );
    const newer = gzipSync(jsonLine({ ...header, version: 2 } as never));
    await expect(BackupReader.open(file('newer.gz', newer))).rejects.toThrow(
      /newer\.gz is a backup of format 2; this version reads format 1 only/,
    );
  });

  it('refuses a file that stops before its end', async () => {
    const body = jsonLine(header) + jsonLine({ table: 'products', columns: ['id'] }) + 'p1\n';
    const reader = await BackupReader.open(file('short.gz', gzipSync(body)));
    await expect(events(reader)).rejects.toThrow(/short\.gz is incomplete/);
  });
});
