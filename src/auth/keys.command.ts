import { Module } from '@nestjs/common';
import { parseArgs } from 'node:util';
import { CommandError, runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { AuthModule } from './auth.module.js';
import { ApiKeysService } from './api-keys.service.js';
import type { ApiKeyRecord } from './api-key.repository.js';
import { parseDuration } from './duration.js';

// npm run keys -- create --name NAME [--expires-in 30d] | list | revoke ID

const USAGE = 'usage: keys create --name NAME [--expires-in 30d] | keys list | keys revoke ID';

@Module({ imports: [ConfigModule, DatabaseModule, AuthModule] })
class KeysCommandModule {}

const when = (date: Date | null) => (date ? date.toISOString() : '-');

function table(keys: ApiKeyRecord[]): string {
  const rows = keys.map((k) => [
    k.id,
    k.name,
    k.displayPrefix,
    when(k.createdAt),
    when(k.expiresAt),
    when(k.revokedAt),
    when(k.lastUsedAt),
  ]);
  const header = ['ID', 'NAME', 'PREFIX', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return (
    [header, ...rows]
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

await runCommand('keys', KeysCommandModule, async (app) => {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { name: { type: 'string' }, 'expires-in': { type: 'string' } },
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message} (${USAGE})`);
  }
  const [verb, ...rest] = parsed.positionals;
  const keys = app.get(ApiKeysService);
  switch (verb) {
    case 'create': {
      const name = parsed.values.name?.trim();
      if (!name || name.length > 100 || /\p{Cc}/u.test(name) || rest.length > 0)
        throw new CommandError(USAGE);
      const expiresIn = parsed.values['expires-in'];
      const ms = expiresIn === undefined ? undefined : parseDuration(expiresIn);
      if (expiresIn !== undefined && ms === undefined) {
        throw new CommandError('--expires-in must be a duration such as 90m, 12h, 30d or 2w');
      }
      const { key, record } = await keys.create(
        name,
        ms === undefined ? undefined : new Date(Date.now() + ms),
      );
      process.stdout.write(
        `${key}\n\nKey ${record.id} ("${record.name}") created${record.expiresAt ? `, expires ${when(record.expiresAt)}` : ''}.\n` +
          'This is the only time the key is shown: store it now.\n',
      );
      return;
    }
    case 'list':
      if (rest.length > 0) throw new CommandError(USAGE);
      process.stdout.write(table(await keys.list()));
      return;
    case 'revoke': {
      const [id, ...extra] = rest;
      if (!id || extra.length > 0) throw new CommandError(USAGE);
      const revoked = await keys.revoke(id);
      if (!revoked) throw new CommandError(`no key with id ${id}`);
      process.stdout.write(
        `Key ${revoked.id} ("${revoked.name}") revoked at ${when(revoked.revokedAt)}.\n`,
      );
      return;
    }
    case undefined:
    default:
      throw new CommandError(USAGE);
  }
});
