import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runBuiltCommand } from './support/run-command.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// `npm run resolve -- "NAME" [--explain]`, run as an admin would, against a real PostgreSQL
// holding the demo catalog: the API's answer, and why the resolver decided as it did.

const RESOLVE = 'resolve';

interface Answer {
  found: boolean;
  product_name?: string;
  resolution: { confidence: number };
  suggestions?: { product_name: string }[];
}

describe('resolve command', () => {
  let db: TestDatabase;
  const run = (...args: string[]) => runBuiltCommand(RESOLVE, args, { DATABASE_URL: db.url });
  /** The JSON answer the output starts with. */
  const answerOf = (stdout: string) => JSON.parse(stdout.split('\n\n')[0]!) as Answer;

  beforeAll(async () => {
    // The demo catalog, imported and published once for the suite (test-database.ts).
    db = await createTestDatabase({ demo: true });
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('prints the answer the API gives for a name', async () => {
    const result = await run('sony wh1000xm5');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(answerOf(result.stdout)).toMatchObject({
      found: true,
      product_name: 'Sony WH-1000XM5',
      resolution: { confidence: 1 },
    });
    expect(result.stdout).not.toMatch(/Decision:/);
  });

  it('explains a found name: the decision and every candidate with its score', async () => {
    const result = await run('Sony WH-1000XM5', '--explain');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Decision: the query is exactly one of its names$/m);
    expect(result.stdout).toMatch(/^ {2}1\.000 {2}sony-wh-1000xm5 {2}"Sony WH-1000XM5"$/m);
    // Its siblings were scored too, and the hard rule that rejected each is named.
    expect(result.stdout).toMatch(
      /sony-wh-1000xm4 {2}"Sony WH-1000XM4"\n {9}rejected \(suggested at 0\.\d{3}\): number 5/,
    );
  });

  it('explains a refusal: which candidates came close and why none was presented', async () => {
    const result = await run('Sony WH-1000XM9', '--explain');
    expect(result.code).toBe(0);
    expect(answerOf(result.stdout).found).toBe(false);
    expect(result.stdout).toMatch(/^Decision: no candidate survives the hard rules$/m);
    expect(result.stdout).toMatch(/rejected \(suggested at [\d.]+\): number 9 is not in/);
    // Each rejected candidate says the score the API suggests it at (other_matches), not 0.
    const answer = answerOf(result.stdout) as unknown as {
      other_matches: { match_score: number }[];
    };
    const suggested = [...result.stdout.matchAll(/suggested at ([\d.]+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(answer.other_matches.length).toBeGreaterThan(0);
    for (const match of answer.other_matches) expect(suggested).toContain(match.match_score);
  });

  it('says when no catalog is published yet, the answer still JSON', async () => {
    const empty = await createTestDatabase();
    try {
      const result = await runBuiltCommand(RESOLVE, ['Sony WH-1000XM5', '--explain'], {
        DATABASE_URL: empty.url,
      });
      expect(result.code).toBe(0);
      expect(answerOf(result.stdout).found).toBe(false);
      expect(result.stderr).toMatch(/^resolve: no catalog is published yet.*catalog:import/);
    } finally {
      await empty.drop();
    }
  });

  it('prints its usage on --help and refuses what the API would refuse', async () => {
    const help = await run('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: product-intelligence resolve \[options\] <name>$/m);
    expect(help.stdout).toMatch(/^ {2}--explain /m);
    expect(await run()).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: missing required argument 'name'/),
    });
    expect(await run('a'.repeat(201))).toMatchObject({
      code: 1,
      stderr: 'resolve: the name must be at most 200 characters\n',
    });
    expect(await run('x', '--verbose')).toMatchObject({ code: 1 });
  });
});
