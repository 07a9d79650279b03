import { Module, type INestApplicationContext } from '@nestjs/common';
import path from 'node:path';
import { printJson } from '../common/command-output.js';
import { CommandError, runCommand } from '../common/command-runner.js';
import { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { parseEnv } from '../config/env.schema.js';
import { DatabaseServer } from '../database/database-server.js';
import { DatabaseModule } from '../database/database.module.js';
import { BackupReader } from './backup-reader.js';
import { describeTables, totalRows } from './backup-summary.js';
import { writeDataDirFiles } from './data-dir-files.js';
import { folderUndo } from './folder-undo.js';
import { restoreBackup } from './restorer.js';

// npm run admin -- restore FILE [--force] [--json] (src/cli.ts; docs/operations.md, Backup and
// restore): into the embedded database under DATA_DIR (a new folder is made one), or the
// database at DATABASE_URL.

@Module({ imports: [ConfigModule, DatabaseModule] })
class RestoreCommandModule {}

export async function restore(file: string, options: { force?: boolean; json?: boolean }) {
  // A file that is not a whole backup is refused before any database is started or touched:
  // read once to its end, then again into the database.
  await BackupReader.check(file);
  // What a failure after that (a row PostgreSQL refuses) would leave in DATA_DIR, such as a
  // new embedded cluster, goes with it.
  const undo = await folderUndo(new AppConfig(parseEnv(process.env)).dataDir);
  // The backup's own migrations come first (restorer.ts), then the newer ones.
  process.env.MIGRATE_ON_START = 'false';
  const run = async (app: INestApplicationContext) => {
    const server = app.get(DatabaseServer);
    if (server.isAttached) {
      // Its caches (answers, verified keys) would go on serving what the restore replaced.
      throw new CommandError('the service is running on this DATA_DIR: stop it, then restore');
    }
    const started = performance.now();
    const reader = await BackupReader.open(file);
    const { tables, applied } = await restoreBackup(server.url, reader, options);
    const files = await writeDataDirFiles(app.get(AppConfig), reader.header.data_files);
    const seconds = (performance.now() - started) / 1000;
    if (options.json) {
      return printJson({
        file: path.resolve(file),
        created_at: reader.header.created_at,
        tables,
        rows: totalRows(tables),
        applied_migrations: applied,
        data_files: files,
        seconds: Math.round(seconds * 10) / 10,
      });
    }
    const migrations = applied.length > 0 ? `; applied ${applied.length} newer migrations` : '';
    process.stdout.write(
      `Restored ${file} (made ${reader.header.created_at}): ${describeTables(tables)}` +
        `${migrations}, in ${seconds.toFixed(1)} s.\n`,
    );
  };
  await runCommand('restore', RestoreCommandModule, run, undo);
}
