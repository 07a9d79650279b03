import { Module } from '@nestjs/common';
import { printJson, table, when } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { AuthModule } from './auth.module.js';
import { ApiKeysService } from './api-keys.service.js';
import type { ApiKeyRecord } from './api-key.repository.js';
import { parseDuration } from './duration.js';

// npm run keys -- create --name NAME [--expires-in 30d] | list | revoke ID (src/cli.ts)

@Module({ imports: [ConfigModule, DatabaseModule, AuthModule] })
class KeysCommandModule {}

const HEADER = ['ID', 'NAME', 'PREFIX', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED'];

const keyRow = (k: ApiKeyRecord) => [
  k.id,
  k.name,
  k.displayPrefix,
  when(k.createdAt),
  when(k.expiresAt),
  when(k.revokedAt),
  when(k.lastUsedAt),
];

interface Output {
  json?: boolean;
}

const keyJson = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  prefix: k.displayPrefix,
  created_at: k.createdAt.toISOString(),
  expires_at: k.expiresAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

/** keys create: the key, printed once. */
export async function createKey(options: Output & { name: string; expiresIn?: string }) {
  const name = options.name.trim();
  if (!name || name.length > 100 || /\p{Cc}/u.test(name)) {
    throw new CommandError('--name must be 1 to 100 characters, without control characters');
  }
  const ms = options.expiresIn === undefined ? undefined : parseDuration(options.expiresIn);
  if (options.expiresIn !== undefined && ms === undefined) {
    throw new CommandError('--expires-in must be a duration such as 45s, 90m, 12h, 30d or 2w');
  }
  await runCommand('keys create', KeysCommandModule, async (app) => {
    const expiresAt = ms === undefined ? undefined : new Date(Date.now() + ms);
    const { key, record } = await app.get(ApiKeysService).create(name, expiresAt);
    if (options.json) return printJson({ key, ...keyJson(record) });
    process.stdout.write(
      `${key}\n\nKey ${record.id} ("${record.name}") created${record.expiresAt ? `, expires ${when(record.expiresAt)}` : ''}.\n` +
        'This is the only time the key is shown: store it now.\n',
    );
  });
}

/** keys list: every key, never the key itself. */
export async function listKeys(options: Output) {
  await runCommand('keys list', KeysCommandModule, async (app) => {
    const keys = await app.get(ApiKeysService).list();
    if (options.json) return printJson(keys.map(keyJson));
    process.stdout.write(table([HEADER, ...keys.map(keyRow)]));
  });
}

/** keys revoke ID */
export async function revokeKey(id: string, options: Output) {
  await runCommand('keys revoke', KeysCommandModule, async (app) => {
    const revoked = await app.get(ApiKeysService).revoke(id);
    if (!revoked) throw new CommandError(`no key with id ${id}`);
    if (options.json) return printJson(keyJson(revoked));
    process.stdout.write(
      `Key ${revoked.id} ("${revoked.name}") revoked at ${when(revoked.revokedAt)}.\n`,
    );
  });
}
