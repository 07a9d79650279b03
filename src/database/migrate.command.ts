import { runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseServer } from './database-server.js';
import { DatabaseModule } from './database.module.js';
import { Module } from '@nestjs/common';

// npm run db:migrate: connecting the database module applies pending migrations under
// its advisory lock (MIGRATE_ON_START is forced on for this command).

@Module({ imports: [ConfigModule, DatabaseModule] })
class MigrateCommandModule {}

process.env.MIGRATE_ON_START = 'true';
await runCommand('db:migrate', MigrateCommandModule, (app) => {
  const { appliedMigrations } = app.get(DatabaseServer);
  const applied =
    appliedMigrations.length > 0 ? `applied ${appliedMigrations.join(', ')}` : 'none pending';
  process.stdout.write(`Migrations are up to date (${applied}).\n`);
  return Promise.resolve();
});
