import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BACKUP_FORMAT, jsonLine, type BackupHeader } from './backup-format.js';
import { BackupReader, type BackupEvent } from './backup-reader.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'pi-backup-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
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
      { kind: 'table', table: 'products', columns: ['id', 'name'], line: 2 },
      { rows: 'p1\tOne\np2\tTwo \\\\. \\n\n' },
      { kind: 'table', table: 'offers', columns: ['id'], line: 6 },
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
    // A folder opens: only reading it fails, in words that do not name it.
    await expect(BackupReader.open(folder)).rejects.toThrow(
      `cannot read ${folder} (EISDIR: it is a folder)`,
    );
    const newer = gzipSync(jsonLine({ ...header, version: 2 } as never));
    await expect(BackupReader.open(file('newer.gz', newer))).rejects.toThrow(
      /newer\.gz is a backup of format 2; this version reads format 1 only/,
    );
  });

  it('refuses, naming the line, what the writer would not have written', async () => {
    const table = (name: string, rows = '') =>
      jsonLine({ table: name, columns: ['id', 'name'] }) + rows + '\\.\n';
    const end = (rows: Record<string, number>) => jsonLine({ end: true, rows });
    const cases: [string, string][] = [
      [
        table('a', 'x\ty\tz\n') + end({ a: 1 }),
        'line 3: a row of a has 3 values where the table has 2 columns',
      ],
      [table('a', 'x\ty\0\n') + end({ a: 1 }), 'line 3: a row of a has a NUL byte in column name'],
      [table('a') + table('a') + end({ a: 0 }), 'line 4: a comes a second time'],
      [
        table('a') + '{"table":"b"\n',
        'line 4: a line that should name a table or end the file is not JSON',
      ],
      [
        table('a') + '{"table":"b","columns":[]}\n',
        'line 4: a line that should describe a table does not',
      ],
      [table('a') + end({ a: 0, b: 0 }), 'line 4: its end names the tables a, b, the file holds a'],
      [table('a', 'x\ty\n') + end({ a: 2 }), 'line 5: its end counts 2 rows of a, the file has 1'],
      [table('a') + end({ a: 1e300 }), 'line 4: a line that should describe the end does not'],
      [table('a') + end({ a: 0 }) + '\n', 'line 5: it goes on after its end'],
    ];
    for (const [i, [body, why]] of cases.entries()) {
      const reader = await BackupReader.open(
        file(`bad-${i}.gz`, gzipSync(jsonLine(header) + body)),
      );
      await expect(events(reader)).rejects.toThrow(`bad-${i}.gz is damaged at ${why}`);
    }
  });

  it('refuses a file that stops before its end', async () => {
    const body = jsonLine(header) + jsonLine({ table: 'products', columns: ['id'] }) + 'p1\n';
    const reader = await BackupReader.open(file('short.gz', gzipSync(body)));
    await expect(events(reader)).rejects.toThrow(/short\.gz is incomplete/);
  });
});
