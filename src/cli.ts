#!/usr/bin/env node
import { Option, type Command } from 'commander';
import { MAX_LINE_BYTES } from './backup/backup-format.js';
import { commandLine, integer } from './common/command-line.js';
import type { ImportOptions } from './catalog/catalog-import.command.js';
import type { OffersOptions } from './offers/offers.command.js';

// The admin command line: one program, the same spelling locally (npm run keys -- list, or
// node dist/src/cli.js keys list) and in the container (node dist/src/cli.js keys list).
// Commander parses and answers --help before anything runs; each command's code, Nest and
// the database are loaded only when a command acts. Developer tools (synthetic catalogs, files
// generated from the code) are another program: tools/cli.ts.

const program = commandLine(
  'product-intelligence',
  'Admin commands of Product Intelligence. Each uses DATABASE_URL when set, and the embedded database under DATA_DIR otherwise.',
).addHelpText(
  'after',
  '\nDeveloper tools (synthetic catalogs, generated files): npm run tools -- --help',
);

const json = new Option('--json', 'print JSON (for scripts) instead of text');

program
  .command('db:migrate')
  .description('apply pending database migrations (under an advisory lock), then exit')
  .addOption(json)
  .action(async (options: { json?: boolean }) => {
    const { migrate } = await import('./database/migrate.command.js');
    await migrate(options);
  });

program
  .command('backup')
  .description('write a consistent copy of the database to a file, while the service runs')
  .argument('<file>', 'the backup file to write (gzip; docs/operations.md, Backup and restore)')
  .option('--force', 'replace the file if it exists')
  .addOption(json)
  .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
    const { backup } = await import('./backup/backup.command.js');
    await backup(file, options);
  });

program
  .command('restore')
  .description('restore a backup into an empty database (a new DATA_DIR), in one transaction')
  .argument('<file>', 'a file written by the backup command')
  .option('--force', 'replace what the database holds (stop the service first)')
  .addOption(json)
  .addHelpText(
    'after',
    '\nThe file is read to its end before any database is touched, one line at a time: no line' +
      `\nmay be longer than ${MAX_LINE_BYTES >> 20} MiB, so the restore stays under 256 MB of memory whatever the` +
      '\nfile. One that is not exactly what backup writes is refused in one line, and a failed' +
      '\nrestore removes what it added to DATA_DIR (docs/operations.md, Backup and restore).',
  )
  .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
    const { restore } = await import('./backup/restore.command.js');
    await restore(file, options);
  });

program
  .command('seed-demo')
  .description('with SEED_DEMO_CATALOG=true, load the demo catalog into a catalog never published')
  .action(async () => {
    const { seedDemo } = await import('./catalog/seed-demo.command.js');
    await seedDemo();
  });

program
  .command('catalog:import')
  .description(
    'validate a catalog (JSON Lines, JSON array, CSV or JSON-LD), then import and publish it',
  )
  .argument('<file>', 'the catalog file (docs/operations.md, Catalog files)')
  .option('--format <format>', 'jsonl, json, csv or jsonld; default: from the extension or content')
  .option('--reviews <file>', 'with a CSV catalog: its reviews, one a row, by product_id')
  .option('--offers <file>', 'with a CSV catalog: its offers, one a row, by product_id')
  .option('--replace', 'replace the published catalog instead of merging into it')
  .option('--force', 'with --replace: even when the new catalog is much smaller')
  .option(
    '--replace-offers',
    "the file's offers replace those offers feeds published for its products; by default a " +
      "feed's offer stays unless the file's price of that retailer is newer",
  )
  .option('--published-at <iso>', 'the publication date-time (ISO 8601); default: now')
  .option('--dry-run', 'validate and report what the import would do; change nothing')
  .addOption(json)
  .action(async (file: string, options: ImportOptions) => {
    const { importCatalog } = await import('./catalog/catalog-import.command.js');
    await importCatalog(file, options);
  });

program
  .command('catalog:offers')
  .description("match a shop's offers feed to catalog products and publish its prices")
  .argument('<feed>', 'Google Merchant TSV or XML, or schema.org JSON-LD pages (a file or folder)')
  .option('--retailer <name>', "the shop's name; default: the feed's own (XML, JSON-LD seller)")
  .option('--price-as-of <iso>', 'when the prices were read (ISO 8601); default: now')
  .option(
    '--allow-invalid',
    "publish the valid items' offers even when others are invalid; by default a feed with an " +
      'invalid item publishes nothing and exits 1',
  )
  .option('--dry-run', 'match and report; change nothing')
  .addOption(json)
  .action(async (feed: string, options: OffersOptions) => {
    const { applyOffersFeed } = await import('./offers/offers.command.js');
    await applyOffersFeed(feed, options);
  });

const keys = program.command('keys').description('create, list and revoke API keys');
keys
  .command('create')
  .description('create a key and print it, once')
  .requiredOption('--name <name>', 'what the key is for (1 to 100 characters)')
  .option('--expires-in <duration>', 'expire after 45s, 90m, 12h, 30d or 2w; default: never')
  .addOption(json)
  .action(async (options: { name: string; expiresIn?: string; json?: boolean }) => {
    const { createKey } = await import('./auth/keys.command.js');
    await createKey(options);
  });
keys
  .command('list')
  .description('every key: id, name, created, expires, revoked, last used; never the key')
  .addOption(json)
  .action(async (options: { json?: boolean }) => {
    const { listKeys } = await import('./auth/keys.command.js');
    await listKeys(options);
  });
keys
  .command('revoke')
  .description('revoke a key at once')
  .argument('<id>', 'the key id (keys list)')
  .addOption(json)
  .action(async (id: string, options: { json?: boolean }) => {
    const { revokeKey } = await import('./auth/keys.command.js');
    await revokeKey(id, options);
  });

const users = program.command('users').description('dashboard accounts');
users
  .command('create')
  .description('create an account and print its one-time set-password link')
  .requiredOption('--email <email>', "the account's email address")
  .option('--admin', 'an admin account (sees and revokes every key)')
  .addOption(json)
  .action(async (options: { email: string; admin?: boolean; json?: boolean }) => {
    const { createUser } = await import('./dashboard/users.command.js');
    await createUser(options);
  });
users
  .command('list')
  .description('every account: id, email, role, password set, keys, created, disabled')
  .addOption(json)
  .action(async (options: { json?: boolean }) => {
    const { listUsers } = await import('./dashboard/users.command.js');
    await listUsers(options);
  });
users
  .command('disable')
  .description('disable an account: end its sessions and revoke its keys')
  .argument('<id>', 'the account id (users list)', integer('<id>', 1))
  .action(async (id: number) => {
    const { disableUser } = await import('./dashboard/users.command.js');
    await disableUser(id);
  });
users
  .command('link')
  .description('print a new one-time set-password link for an account')
  .argument('<id>', 'the account id (users list)', integer('<id>', 1))
  .addOption(json)
  .action(async (id: number, options: { json?: boolean }) => {
    const { userLink } = await import('./dashboard/users.command.js');
    await userLink(id, options);
  });

program
  .command('unresolved')
  .description('the refused names asked most often, with their best suggestion')
  .addOption(new Option('--top <n>', 'how many names').default(50).argParser(integer('--top', 1)))
  .addOption(
    new Option('--list <list>', 'pending (to review), demand (not in the catalog) or ignored')
      .choices(['pending', 'demand', 'ignored'])
      .default('pending'),
  )
  .addOption(json)
  .action(
    async (options: { top: number; list: 'pending' | 'demand' | 'ignored'; json?: boolean }) => {
      const { listUnresolved } = await import('./curation/curation.command.js');
      await listUnresolved(options);
    },
  );

const alias = program
  .command('alias')
  .description('names confirmed as a product, kept apart from the imported catalog');
alias
  .command('add')
  .description('confirm NAME as the product PRODUCT_ID: found at once on every instance')
  .argument('<name>', 'the name, as clients ask it (case, spacing and punctuation do not matter)')
  .argument('<product_id>', "the product's id in the catalog")
  .addOption(json)
  .action(async (name: string, productId: string, options: { json?: boolean }) => {
    const { addAlias } = await import('./curation/curation.command.js');
    await addAlias(name, productId, options);
  });
alias
  .command('remove')
  .description('remove the alias NAME')
  .argument('<name>', 'the alias')
  .addOption(json)
  .action(async (name: string, options: { json?: boolean }) => {
    const { removeAlias } = await import('./curation/curation.command.js');
    await removeAlias(name, options);
  });
alias
  .command('list')
  .description('every alias and its product; those whose product an import removed say so')
  .addOption(json)
  .action(async (options: { json?: boolean }) => {
    const { listAliases } = await import('./curation/curation.command.js');
    await listAliases(options);
  });

program
  .command('resolve')
  .description('print the answer the API gives for a name (detail=full), as JSON')
  .argument('<name>', 'the product name, as a client would send it')
  .option('--explain', 'then every candidate scored, why it won or was rejected, and the decision')
  .action(async (name: string, options: { explain?: boolean }) => {
    const { resolveName } = await import('./lookup/resolve.command.js');
    await resolveName(name, options);
  });

/** "keys create" for keys' create: how a failure names its command. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c && c !== program; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

let running = program.name();
program.hook('preAction', (_program, action) => {
  running = commandPath(action);
});

try {
  await program.parseAsync();
} catch (error) {
  // A command's own failures end in one line; Nest's stack traces only at LOG_LEVEL=debug.
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${running}: ${reason.split('\n')[0]}\n`);
  process.exit(1);
}
