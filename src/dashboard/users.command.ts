import { Module } from '@nestjs/common';
import { parseArgs } from 'node:util';
import { CommandError, runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { AccountsModule } from './accounts.module.js';
import { AccountError, AccountsService } from './accounts.service.js';

// npm run users -- create --email E [--admin] | list | disable ID | link ID

const USAGE =
  'usage: users create --email EMAIL [--admin] | users list | users disable ID | users link ID';

@Module({ imports: [ConfigModule, DatabaseModule, AccountsModule] })
class UsersCommandModule {}

const when = (date: Date | null) => (date ? date.toISOString() : '-');

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

function accountId(rest: string[]): number {
  const [id, ...extra] = rest;
  if (!id || extra.length > 0 || !/^\d{1,9}$/.test(id)) throw new CommandError(USAGE);
  return Number(id);
}

const linkNote = (link: string) =>
  `${link}\n\nSend this one-time link to its owner: it sets the password and is valid for 24 hours.\n`;

await runCommand('users', UsersCommandModule, async (app) => {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { email: { type: 'string' }, admin: { type: 'boolean' } },
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message} (${USAGE})`);
  }
  const [verb, ...rest] = parsed.positionals;
  const accounts = app.get(AccountsService);
  try {
    switch (verb) {
      case 'create': {
        if (!parsed.values.email || rest.length > 0) throw new CommandError(USAGE);
        const { account, link } = await accounts.create(
          parsed.values.email,
          parsed.values.admin ?? false,
        );
        process.stdout.write(
          `Account ${account.id} (${account.email}${account.isAdmin ? ', admin' : ''}) created.\n` +
            linkNote(link),
        );
        return;
      }
      case 'list': {
        if (rest.length > 0) throw new CommandError(USAGE);
        const rows = (await accounts.list()).map((a) => [
          String(a.id),
          a.email,
          a.isAdmin ? 'admin' : 'member',
          a.hasPassword ? 'yes' : 'no',
          String(a.keyCount),
          when(a.createdAt),
          when(a.disabledAt),
        ]);
        process.stdout.write(
          table([['ID', 'EMAIL', 'ROLE', 'PASSWORD', 'KEYS', 'CREATED', 'DISABLED'], ...rows]),
        );
        return;
      }
      case 'disable': {
        const { account, revokedKeys } = await accounts.disable(accountId(rest));
        process.stdout.write(
          `Account ${account.id} (${account.email}) disabled: its sessions ended and ${revokedKeys} key(s) were revoked.\n`,
        );
        return;
      }
      case 'link': {
        const id = accountId(rest);
        const account = await accounts.find(id);
        if (!account) throw new CommandError(`no account with id ${id}`);
        process.stdout.write(linkNote(await accounts.issueLink(id)));
        return;
      }
      case undefined:
      default:
        throw new CommandError(USAGE);
    }
  } catch (error) {
    if (error instanceof AccountError) throw new CommandError(error.message);
    throw error;
  }
});
