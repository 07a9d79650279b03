import { Module } from '@nestjs/common';
import { printJson, table, when } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import {
  AskedNamesRepository,
  type AskedName,
  type AskedStatus,
} from './asked-names.repository.js';
import { CurationModule } from './curation.module.js';
import { AliasRefused, NameAliasesRepository, type NameAlias } from './name-aliases.repository.js';

// unresolved [--top N] [--list demand|ignored] | alias add NAME PRODUCT_ID | alias remove NAME |
// alias list (src/cli.ts; docs/operations.md, Names people asked for)

@Module({ imports: [ConfigModule, DatabaseModule, CurationModule] })
class CurationCommandModule {}

interface Output {
  json?: boolean;
}

const askedJson = (n: AskedName) => ({
  name: n.name,
  key: n.key,
  asked: n.asked,
  asked_http: n.http,
  asked_mcp: n.mcp,
  feed_items: n.feedItems,
  first_asked_at: n.firstAskedAt.toISOString(),
  last_asked_at: n.lastAskedAt.toISOString(),
  suggestion: n.suggestion && {
    id: n.suggestion.productId,
    product_name: n.suggestion.name,
    score: n.suggestion.score,
  },
  publication: n.publicationId,
  status: n.status,
});

const aliasJson = (a: NameAlias) => ({
  name: a.name,
  key: a.key,
  product_id: a.productId,
  product_name: a.productName,
  product_removed: a.productName === null,
  shadowed_by: a.shadowedBy,
  created_at: a.createdAt.toISOString(),
});

/** unresolved: the names refused most often, with their best suggestion. */
export async function listUnresolved(options: Output & { top: number; list: AskedStatus }) {
  await runCommand('unresolved', CurationCommandModule, async (app) => {
    const names = await app.get(AskedNamesRepository).list(options.list, options.top);
    if (options.json) return printJson(names.map(askedJson));
    if (names.length === 0) return void process.stdout.write(`No ${options.list} names.\n`);
    const header = ['ASKED', 'NAME', 'SUGGESTION', 'SCORE', 'ID', 'LAST ASKED'];
    const rows = names.map((n) => [
      String(n.asked) + (n.feedItems > 0 ? ` (${n.feedItems} feed)` : ''),
      n.name,
      n.suggestion?.name ?? '-',
      n.suggestion ? n.suggestion.score.toFixed(2) : '-',
      n.suggestion?.productId ?? '-',
      when(n.lastAskedAt),
    ]);
    process.stdout.write(table([header, ...rows]));
  });
}

/** An alias change's refusal, as the command's one line. */
async function refusing<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AliasRefused) throw new CommandError(error.message);
    throw error;
  }
}

/** alias add NAME PRODUCT_ID */
export async function addAlias(name: string, productId: string, options: Output) {
  await runCommand('alias add', CurationCommandModule, async (app) => {
    const alias = await refusing(() => app.get(NameAliasesRepository).add(name, productId));
    if (options.json) return printJson(aliasJson(alias));
    process.stdout.write(
      `${JSON.stringify(alias.name)} now finds ${alias.productId} (${alias.productName}) on every instance.\n`,
    );
  });
}

/** alias remove NAME */
export async function removeAlias(name: string, options: Output) {
  await runCommand('alias remove', CurationCommandModule, async (app) => {
    const removed = await refusing(() => app.get(NameAliasesRepository).remove(name));
    if (options.json) return printJson({ key: removed.key, product_id: removed.productId });
    process.stdout.write(`${JSON.stringify(name)} no longer finds ${removed.productId}.\n`);
  });
}

/** alias list */
export async function listAliases(options: Output) {
  await runCommand('alias list', CurationCommandModule, async (app) => {
    const aliases = await app.get(NameAliasesRepository).list();
    if (options.json) return printJson(aliases.map(aliasJson));
    if (aliases.length === 0) return void process.stdout.write('No aliases.\n');
    const header = ['NAME', 'PRODUCT', 'PRODUCT NAME', 'CREATED'];
    const rows = aliases.map((a) => [
      a.name,
      a.productId,
      a.productName === null
        ? '(removed by an import: finds nothing)'
        : a.shadowedBy
          ? `${a.productName} (now the name of ${a.shadowedBy}, which it finds)`
          : a.productName,
      when(a.createdAt),
    ]);
    process.stdout.write(table([header, ...rows]));
  });
}
