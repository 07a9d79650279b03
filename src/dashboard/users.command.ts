import { Module } from '@nestjs/common';
import { printJson, table, when } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { parseEnv } from '../config/env.schema.js';
import { recordedServiceUrl } from '../config/service-url.js';
import { DatabaseModule } from '../database/database.module.js';
import { AccountsModule } from './accounts.module.js';
import { AccountError, AccountsService } from './accounts.service.js';

// npm run users -- create --email E [--admin] | list | disable ID | link ID (src/cli.ts)

@Module({ imports: [ConfigModule, DatabaseModule, AccountsModule] })
class UsersCommandModule {}

const linkNote = (link: string) =>
  `${link}\n\nSend this one-time link to its owner: it sets the password and is valid for 24 hours.\n`;

/** Runs an accounts command; an AccountError (a taken email, say) is its one-line reason. */
function runUsers(name: string, run: (accounts: AccountsService) => Promise<void>) {
  // Links point where the service runs: PUBLIC_BASE_URL, else the address it recorded.
  const recorded = recordedServiceUrl(new AppConfig(parseEnv(process.env)));
  if (!process.env.PUBLIC_BASE_URL && recorded) process.env.PUBLIC_BASE_URL = recorded;
  return runCommand(`users ${name}`, UsersCommandModule, async (app) => {
    try {
      await run(app.get(AccountsService));
    } catch (error) {
      if (error instanceof AccountError) throw new CommandError(error.message);
      throw error;
    }
  });
}

/** users create: the account and its one-time set-password link. */
export function createUser(options: { email: string; admin?: boolean; json?: boolean }) {
  return runUsers('create', async (accounts) => {
    const { account, link } = await accounts.create(options.email, options.admin ?? false);
    if (options.json) {
      return printJson({ id: account.id, email: account.email, admin: account.isAdmin, link });
    }
    process.stdout.write(
      `Account ${account.id} (${account.email}${account.isAdmin ? ', admin' : ''}) created.\n` +
        linkNote(link),
    );
  });
}

/** users list */
export function listUsers(options: { json?: boolean }) {
  return runUsers('list', async (accounts) => {
    const all = await accounts.list();
    if (options.json) {
      return printJson(
        all.map((a) => ({
          id: a.id,
          email: a.email,
          admin: a.isAdmin,
          has_password: a.hasPassword,
          keys: a.keyCount,
          created_at: a.createdAt.toISOString(),
          disabled_at: a.disabledAt?.toISOString() ?? null,
        })),
      );
    }
    const rows = all.map((a) => [
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
  });
}

/** users disable ID: its sessions end and its keys are revoked. */
export function disableUser(id: number) {
  return runUsers('disable', async (accounts) => {
    const { account, revokedKeys } = await accounts.disable(id);
    process.stdout.write(
      `Account ${account.id} (${account.email}) disabled: its sessions ended and ${revokedKeys} key(s) were revoked.\n`,
    );
  });
}

/** users link ID: a new one-time set-password link. */
export function userLink(id: number, options: { json?: boolean }) {
  return runUsers('link', async (accounts) => {
    const account = await accounts.find(id);
    if (!account) throw new CommandError(`no account with id ${id}`);
    const link = await accounts.issueLink(id);
    if (options.json) return printJson({ id, email: account.email, link });
    process.stdout.write(linkNote(link));
  });
}
