import { Module } from '@nestjs/common';
import path from 'node:path';
import { printJson } from '../common/command-output.js';
import { runCommand } from '../common/command-runner.js';
import { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseServer } from '../database/database-server.js';
import { DatabaseModule } from '../database/database.module.js';
import { AtomicFile } from './atomic-file.js';
import { describeSize, describeTables, totalRows } from './backup-summary.js';
import { writeBackup } from './backup-writer.js';
import { readDataDirFiles } from './data-dir-files.js';

// npm run admin -- backup FILE [--force] [--json] (src/cli.ts; docs/operations.md, Backup and
// restore). It attaches to the service's embedded server when it runs, and starts it
// otherwise; with DATABASE_URL, it reads that database.

@Module({ imports: [ConfigModule, DatabaseModule] })
class BackupCommandModule {}

export async function backup(file: string, options: { force?: boolean; json?: boolean }) {
  // Refused before any database is started (an existing file, a folder that is not there):
  // nothing else would be worth the wait.
  const target = await AtomicFile.create(file, options);
  // A backup is of the database as it is: taken before an upgrade, it must not migrate it.
  process.env.MIGRATE_ON_START = 'false';
  await runCommand(
    'backup',
    BackupCommandModule,
    async (app) => {
      const started = performance.now();
      const dataFiles = await readDataDirFiles(app.get(AppConfig));
      const result = await writeBackup(app.get(DatabaseServer).url, target.out, dataFiles);
      const bytes = await target.commit();
      const seconds = (performance.now() - started) / 1000;
      if (options.json) {
        return printJson({
          file: path.resolve(file),
          bytes,
          tables: result.tables,
          rows: totalRows(result.tables),
          migration: result.migrations.at(-1),
          data_files: Object.keys(dataFiles),
          seconds: Math.round(seconds * 10) / 10,
        });
      }
      process.stdout.write(
        `Backed up to ${file}: ${describeSize(bytes)}, ${describeTables(result.tables)}, ` +
          `in ${seconds.toFixed(1)} s.\n`,
      );
    },
    () => target.discard(),
  );
}
