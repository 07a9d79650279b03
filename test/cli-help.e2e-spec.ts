import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';

// Every admin command answers --help with its usage and does nothing else: no database is
// reached (none answers at DATABASE_URL), no embedded one is made, no file is written.

const root = projectRoot();
const ADMIN = 'dist/src/cli.js';
const TOOLS = 'dist/tools/cli.js';
const COMMANDS = [
  [],
  ['db:migrate'],
  ['backup'],
  ['restore'],
  ['seed-demo'],
  ['catalog:import'],
  ['keys'],
  ['keys', 'create'],
  ['keys', 'list'],
  ['keys', 'revoke'],
  ['users'],
  ['users', 'create'],
  ['users', 'list'],
  ['users', 'disable'],
  ['users', 'link'],
  ['unresolved'],
  ['alias'],
  ['alias', 'add'],
  ['alias', 'remove'],
  ['alias', 'list'],
  ['resolve'],
];

function run(script: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: '1',
    },
  });
}

describe('admin command line', () => {
  // Each command's own empty data folder, removed once the file is done.
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pi-help-'));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  const schemaFile = path.join(root, 'src', 'catalog', 'catalog-line.schema.json');

  const cases: [string, string, string[]][] = [
    ...COMMANDS.map((command): [string, string, string[]] => [
      ['product-intelligence', ...command].join(' '),
      ADMIN,
      command,
    ]),
    ...[[], ['catalog:generate'], ['catalog:schema']].map((command): [string, string, string[]] => [
      ['product-intelligence-tools', ...command].join(' '),
      TOOLS,
      command,
    ]),
  ];

  it.each(cases)('%s --help prints usage and changes nothing', (title, cli, command) => {
    const dataDir = tempDir();
    const schemaBefore = statSync(schemaFile).mtimeMs;
    const result = run(cli, [...command, '--help'], dataDir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: ${title} \\[options\\]`));
    expect(result.stdout).toContain('-h, --help');
    expect(readdirSync(dataDir)).toEqual([]);
    expect(statSync(schemaFile).mtimeMs).toBe(schemaBefore);
  });

  it('lists admin commands only, and says where the developer tools are', () => {
    const dataDir = tempDir();
    const admin = run(ADMIN, ['--help'], dataDir).stdout;
    const listed = (help: string) =>
      [...help.split('Commands:\n')[1]!.matchAll(/^ {2}([\w:-]+)/gm)].map((m) => m[1]);
    expect(listed(admin)).toEqual([
      'db:migrate',
      'backup',
      'restore',
      'seed-demo',
      'catalog:import',
      'catalog:offers',
      'keys',
      'users',
      'unresolved',
      'alias',
      'resolve',
      'help',
    ]);
    expect(admin).toContain('npm run tools -- --help');
    expect(admin.replace(/\s+/g, ' ')).toContain(
      'catalog (JSON Lines, JSON array, CSV or JSON-LD)',
    );
    const tools = run(TOOLS, ['--help'], dataDir).stdout;
    expect(listed(tools)).toEqual(['catalog:generate', 'catalog:schema', 'help']);
    // The admin command line no longer runs them.
    expect(run(ADMIN, ['catalog:generate', '--products', '1'], dataDir).stderr).toMatch(
      /^error: unknown command 'catalog:generate'/,
    );
  });

  it("runs through the npm scripts' launcher without rebuilding what is built", () => {
    const stamp = path.join(root, 'dist', '.build-stamp');
    const built = statSync(stamp).mtimeMs;
    const dataDir = tempDir();
    const result = run('scripts/admin.mjs', ['keys', 'create', '--help'], dataDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: product-intelligence keys create \[options\]/);
    expect(result.stdout).toMatch(/--expires-in <duration> +expire after 45s, 90m/);
    const tools = run('scripts/tools.mjs', ['catalog:generate', '--help'], dataDir);
    expect(tools.stdout).toMatch(/^Usage: product-intelligence-tools catalog:generate \[options\]/);
    expect(statSync(stamp).mtimeMs).toBe(built);
  });

  it('says what is wrong in one line, and exits 1', () => {
    const dataDir = tempDir();
    const result = run('dist/src/cli.js', ['keys', 'list', '--nmae', 'x'], dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("error: unknown option '--nmae' (add --help for usage)\n");
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
