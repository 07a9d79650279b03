import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { closeAgent, send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The repository explains itself: every link of the README and docs/ leads to a file of the
// repository, every document a code comment names exists in it, the sizes the documents give
// are the sizes a client gets, and a snippet given in two places is the same in both.

const root = projectRoot();

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file))
    .map((file) => path.join(dir, file));
}

const documents = ['README.md', 'CHANGELOG.md', ...files('docs', /\.md$/)];

describe('documentation', () => {
  it.each(documents)('%s links only to files that exist', (document) => {
    const text = readFileSync(path.join(root, document), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target));
    for (const target of targets) {
      expect([target, existsSync(path.resolve(root, path.dirname(document), target))]).toEqual([
        target,
        true,
      ]);
    }
  });

  it('names in code comments only documents of the repository', () => {
    const named = new Set<string>();
    for (const file of [
      ...files('src', /\.ts$/),
      ...files('bench', /\.ts$/),
      ...files('tools', /\.ts$/),
      ...files('test', /\.ts$/),
    ]) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/\b(docs\/[\w-]+\.md)\b/g)) named.add(m[1]!);
      // The contract's own files (its decisions and spec) live outside the repository.
      expect([
        file,
        new RegExp(String.raw`(?<!docs/)\bdecisions\.md|service-${'spec'}`).test(text),
      ]).toEqual([file, false]);
    }
    for (const document of named)
      expect([document, existsSync(path.join(root, document))]).toEqual([document, true]);
  });
});

/** The text of a document of the repository. */
const read = (document: string) => readFileSync(path.join(root, document), 'utf8');

/** What a pattern's groups capture in a document; it fails when the document lost the phrase. */
function figures(document: string, pattern: RegExp): string[] {
  const match = pattern.exec(read(document));
  if (!match) throw new Error(`${document} no longer says ${String(pattern)}`);
  return match.slice(1);
}

/** A size as the documents write it: KB of 1,000 bytes, with as many decimals as `written`. */
const kb = (bytes: number, written: string) =>
  (bytes / 1000).toFixed(written.split('.')[1]?.length ?? 0);

describe('figures in the documentation', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;
  let auth: string;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    auth = await bearer(app);
  });

  afterAll(async () => {
    closeAgent();
    await app?.close();
    await db?.drop();
  });

  /** The bytes of an answer on the wire, plain and with gzip. */
  async function sizes(target: string): Promise<{ plain: number; gzip: number }> {
    const get = (headers: Record<string, string>) =>
      send(port, { method: 'GET', path: target, headers: { Authorization: auth, ...headers } });
    const [plain, gzip] = await Promise.all([get({}), get({ 'Accept-Encoding': 'gzip' })]);
    expect([plain.status, gzip.status, gzip.headers['content-encoding']]).toEqual([
      200,
      200,
      'gzip',
    ]);
    return { plain: plain.body.length, gzip: gzip.body.length };
  }

  // A failure says what to write: each figure is compared as the document rounds it.
  it("gives the reference page's size", async () => {
    const written = figures(
      'docs/reference.md',
      /The page is about ([\d.]+) KB of HTML \(([\d.]+) KB gzipped\)/,
    );
    const { plain, gzip } = await sizes('/v1/reference');
    expect(written).toEqual([kb(plain, written[0]!), kb(gzip, written[1]!)]);
  });

  it("gives a found answer's size, plain and gzipped", async () => {
    const written = figures(
      'docs/reference.md',
      /A found answer \(the demo catalog's Sony WH-1000XM5\) goes from about ([\d.]+) KB to ([\d.]+) KB\s+with gzip/,
    );
    const { plain, gzip } = await sizes('/v1/product-intelligence?product_name=Sony%20WH-1000XM5');
    expect(written).toEqual([kb(plain, written[0]!), kb(gzip, written[1]!)]);
  });
});

describe('snippets given in two places', () => {
  /** The ```json block after `marker` in a document, without the indentation of a list. */
  function jsonAfter(document: string, marker: string): string {
    const text = read(document);
    const start = text.indexOf(marker);
    const block = /^( *)```json\n([\s\S]*?)^\1```/m.exec(text.slice(start));
    if (start === -1 || !block) throw new Error(`${document} has no JSON block after ${marker}`);
    return block[2]!.replace(new RegExp(`^${block[1]}`, 'gm'), '');
  }

  it('gives one Cursor configuration, in the README and in docs/mcp.md', () => {
    const readme = jsonAfter('README.md', 'For Cursor');
    const mcp = jsonAfter('docs/mcp.md', '## Cursor');
    expect(readme).toBe(mcp);
    expect(JSON.parse(mcp)).toEqual({
      mcpServers: {
        'product-intelligence': {
          url: 'http://127.0.0.1:3000/mcp',
          headers: { Authorization: 'Bearer ${env:PI_API_KEY}' },
        },
      },
    });
  });
});

describe('what the documents tell an admin to create', () => {
  /** The files and folders the shell blocks of the documents make in the project folder. */
  function made(): string[] {
    const paths = new Set<string>();
    for (const document of documents) {
      for (const [, block] of read(document).matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
        for (const line of block!.split('\n')) {
          const command = line.replace(/\s+#.*$/, '');
          // Folders end in '/', as .gitignore names them.
          for (const [pattern, end] of [
            [/(?:^|\s)DATA_DIR=(\S+)/g, '/'], // a data folder
            [/\bmkdir(?:\s+-\S+(?:\s+\d+)?)*\s+(\S+)/g, '/'],
            [/(?:^|\s)>\s*(\S+)/g, ''], // output sent to a file
            [/\bbackup\s+(\S+)/g, ''],
            [/\bcp\s+\S+\s+(\S+)/g, ''],
          ] as const)
            for (const m of command.matchAll(pattern)) paths.add(m[1]! + end);
        }
      }
    }
    // Not a path of the project folder: a placeholder (FILE), a variable, an absolute path.
    return [...paths].filter((p) => !/^[A-Z_]+$|\$|^[/~]/.test(p));
  }

  it('finds them: backups, a restored data folder, the secrets, .env and a catalog', () => {
    expect(made()).toEqual(
      expect.arrayContaining([
        'backups/pi-2026-11-26.gz',
        'data-restored/',
        'secrets/',
        '.env',
        'catalog.jsonl',
      ]),
    );
  });

  it('keeps every one of them out of git (.gitignore)', () => {
    for (const file of made()) {
      let ignored = true;
      try {
        execFileSync('git', ['check-ignore', '--quiet', '--no-index', file], { cwd: root });
      } catch {
        ignored = false;
      }
      expect([file, ignored]).toEqual([file, true]);
    }
  });
});
