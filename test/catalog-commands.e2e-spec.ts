import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { catalogLineSchema } from '../src/catalog/catalog-line.schema.js';
import { catalogFile, product } from './support/catalog-files.js';
import { runBuiltCommand, runBuiltTool } from './support/run-command.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const IMPORT = 'catalog:import';

describe('catalog:import command', () => {
  let db: TestDatabase;
  const run = (...args: string[]) => runBuiltCommand(IMPORT, args, { DATABASE_URL: db.url });
  const scalar = async (sql: string): Promise<unknown> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const [row] = (await client.query<Record<string, unknown>>(sql)).rows;
      return Object.values(row ?? {})[0];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('imports a file, prints a summary and plain progress lines when not on a terminal', async () => {
    const result = await run(
      'test/fixtures/catalog-valid.jsonl',
      '--published-at',
      '2026-11-01T12:00:00+01:00',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Imported 4 products, 4 reviews and 3 offers in ' +
        result.stdout.match(/in ([\d.]+) s/)?.[1] +
        ' s (into an empty catalog: 4 added, 0 changed, 0 unchanged); ' +
        'published at 2026-11-01T11:00:00.000Z\n',
    );
    expect(result.stderr).toMatch(/^Validating: 100% \(\d+\.\d s\)$/m);
    expect(result.stderr).toMatch(/^Loading: 100% \(\d+\.\d s\)$/m);
    // The products keyed, then the priors and the answers beside the search vocabulary.
    expect(result.stderr).toMatch(
      new RegExp(
        [
          'Keying the products',
          'Computing category priors and the search vocabulary',
          "Computing every product's answer",
          'Vacuuming and analysing the new catalog',
        ]
          .map((label) => `^${label}… \\(\\d+\\.\\d s\\)$`)
          .join('\n'),
        'm',
      ),
    );
    expect(await scalar('SELECT count(*)::int FROM products')).toBe(4);
  });

  it('shows a progress bar on a terminal', async () => {
    // `script` runs the command on a pseudo-terminal, as an admin's shell would.
    const command = `${process.execPath} dist/src/cli.js ${IMPORT} test/fixtures/catalog-valid.jsonl`;
    const result = await runBuiltCommand(IMPORT, [], { DATABASE_URL: db.url }, [
      'script',
      '-qec',
      command,
      '/dev/null',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Validating\s+\u2588+ 100%/);
    expect(result.stdout).toContain('Imported 4 products');
  });

  it('makes the file the whole catalog with --replace', async () => {
    const result = await run(await catalogFile([product('only-one')]), '--replace', '--force');
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(
        '(replacing the catalog: 1 added, 0 changed, 0 unchanged, 4 removed)',
      ),
    });
    expect(await scalar("SELECT string_agg(id, ',') FROM products")).toBe('only-one');
  });

  it('lists bad lines by number and field, imports nothing and exits 1 with a one-line reason', async () => {
    const before = await scalar('SELECT count(*)::int FROM catalog_publications');
    const file = await catalogFile([
      product('fine'),
      product('BAD'),
      '{oops',
      product('x', { offers: [{}] }),
    ]);
    const result = await run(file);
    expect(result.code).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((l) => !/^(Validating|Loading)/.test(l));
    expect(lines[0]).toBe('line 2: id: must be 1 to 120 characters of a-z, 0-9 and -');
    expect(lines[1]).toMatch(/^line 3: not valid JSON/);
    expect(lines.filter((l) => l.startsWith('line 4: offers[0].'))).toHaveLength(4);
    expect(lines.at(-1)).toBe('catalog:import: 3 bad lines; nothing was imported');
    expect(await scalar('SELECT count(*)::int FROM catalog_publications')).toBe(before);
  });

  it.each([
    [[], /^error: missing required argument 'file'/],
    [['a.jsonl', 'b.jsonl'], /^error: too many arguments for 'catalog:import'/],
    [
      ['x.jsonl', '--published-at', 'yesterday'],
      /^catalog:import: --published-at must be an ISO 8601 date-time/,
    ],
    [['x.jsonl', '--frobnicate'], /^error: unknown option '--frobnicate'/],
    [['x.jsonl', '--force'], /^catalog:import: --force goes with --replace\n$/],
    [['/no/such/file.jsonl'], /^catalog:import: cannot read \/no\/such\/file\.jsonl/],
    [
      ['docs/templates/products.csv', '--reviews', '/no/such/reviews.csv'],
      /^catalog:import: cannot read \/no\/such\/reviews\.csv \(ENOENT\)\n$/,
    ],
  ])('refuses %j with a one-line reason and exit code 1', async (args, reason) => {
    const result = await run(...args);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(reason);
  });
});

describe('catalog:generate command', () => {
  const GENERATE = 'catalog:generate';

  it('writes N valid lines, the same for the same seed', async () => {
    const first = await runBuiltTool(GENERATE, ['--products', '300', '--seed', '4']);
    const again = await runBuiltTool(GENERATE, ['--products', '300', '--seed', '4']);
    const other = await runBuiltTool(GENERATE, ['--products', '300', '--seed', '5']);
    expect(first.code).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    for (const line of lines)
      expect(catalogLineSchema.safeParse(JSON.parse(line)).success).toBe(true);
    expect(again.stdout).toBe(first.stdout);
    expect(other.stdout).not.toBe(first.stdout);
  });

  it('writes realistic names with --style realistic, valid and repeatable', async () => {
    const args = ['--products', '200', '--style', 'realistic'];
    const first = await runBuiltTool(GENERATE, args);
    const again = await runBuiltTool(GENERATE, args);
    expect(first.code).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(200);
    for (const line of lines)
      expect(catalogLineSchema.safeParse(JSON.parse(line)).success).toBe(true);
    expect(again.stdout).toBe(first.stdout);
    const families = await runBuiltTool(GENERATE, ['--products', '200']);
    expect(families.stdout).not.toBe(first.stdout);
  });

  it.each([
    [[]],
    [['--products', '0']],
    [['--products', 'many']],
    [['--products', '5', '--seed', 'x']],
    [['--products', '5', '--style', 'fancy']],
  ])('refuses %j with a one-line reason and exit code 1', async (args) => {
    const result = await runBuiltTool(GENERATE, args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+ \(add --help for usage\)\n$/);
  });
});
