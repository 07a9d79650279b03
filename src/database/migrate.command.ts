import { Module } from '@nestjs/common';
import { runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseServer } from './database-server.js';
import { DatabaseModule } from './database.module.js';

// db:migrate (src/cli.ts): connecting the database module applies pending migrations under
// its advisory lock (MIGRATE_ON_START is forced on for this command).

@Module({ imports: [ConfigModule, DatabaseModule] })
class MigrateCommandModule {}

export function migrate(options: { json?: boolean }): Promise<void> {
  process.env.MIGRATE_ON_START = 'true';
  return runCommand('db:migrate', MigrateCommandModule, (app) => {
    const { appliedMigrations } = app.get(DatabaseServer);
    if (options.json) {
      process.stdout.write(JSON.stringify({ applied: appliedMigrations }) + '\n');
      return Promise.resolve();
    }
    const applied =
      appliedMigrations.length > 0 ? `applied ${appliedMigrations.join(', ')}` : 'none pending';
    process.stdout.write(`Migrations are up to date (${applied}).\n`);
    return Promise.resolve();
  });
}
