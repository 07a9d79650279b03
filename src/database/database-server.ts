import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { EmbeddedDatabase } from './embedded-database.js';
import { migrate } from './migrator.js';

/**
 * The PostgreSQL this process talks to: DATABASE_URL, or the embedded default started
 * (or attached to) under DATA_DIR. Migrated before anything else can use it.
 */
export class DatabaseServer implements OnApplicationShutdown {
  private static readonly logger = new Logger('Database');

  /** Migrations this process applied when it connected. */
  appliedMigrations: string[] = [];

  private constructor(
    readonly url: string,
    private readonly embedded?: EmbeddedDatabase,
  ) {}

  /** True on the first start of a fresh embedded data folder. */
  get isFreshEmbedded(): boolean {
    return this.embedded?.firstStart ?? false;
  }

  get isEmbedded(): boolean {
    return this.embedded !== undefined;
  }

  /** True when the embedded server is another process's: the service runs on DATA_DIR. */
  get isAttached(): boolean {
    return this.embedded !== undefined && !this.embedded.owned;
  }

  static async connect(config: AppConfig): Promise<DatabaseServer> {
    const logger = DatabaseServer.logger;
    let server: DatabaseServer;
    if (config.databaseUrl) {
      server = new DatabaseServer(config.databaseUrl);
    } else {
      const embedded = await EmbeddedDatabase.start({
        dataDir: config.dataDir,
        port: config.database.embeddedPort,
        log: (message) => logger.debug(message),
      });
      logger.log(
        `${embedded.firstStart ? 'Created' : 'Using'} the embedded PostgreSQL in ${config.dataDir}`,
      );
      server = new DatabaseServer(embedded.url, embedded);
    }
    if (config.database.migrateOnStart) {
      try {
        server.appliedMigrations = await migrate(server.url);
        if (server.appliedMigrations.length > 0) {
          logger.log(`Applied migrations: ${server.appliedMigrations.join(', ')}`);
        }
      } catch (error) {
        await server.onApplicationShutdown();
        throw error;
      }
    }
    return server;
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded?.owned) return;
    if (await this.embedded.stop()) DatabaseServer.logger.log('Stopped the embedded PostgreSQL');
    else
      DatabaseServer.logger.warn('The embedded PostgreSQL this process started had already ended');
  }
}
