import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { CATALOG_PUBLISHED_CHANNEL, type Publication } from '../publication/publication.sql.js';
import { DatabaseServer } from '../database/database-server.js';
import { LookupRepository } from './lookup.repository.js';

/** The answer every lookup gives before any catalog is published. */
export const NEVER_PUBLISHED: Publication = { id: 0, publishedAt: new Date(0) };

/** How often the publication is re-read in case a notification was missed. */
export const POLL_MS = 2_000;

/**
 * The catalog publication this instance answers from, kept without a query per lookup: an
 * import's NOTIFY reaches every listening instance as it commits, and a poll every 2 seconds
 * covers a dropped listening connection. Cached answers are keyed on the publication id, so a
 * new publication invalidates them on every instance within that bound.
 */
@Injectable()
export class PublishedCatalog implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Catalog');
  private publication = NEVER_PUBLISHED;
  private listener?: pg.Client;
  private poll?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly repository: LookupRepository,
    private readonly database: DatabaseServer,
  ) {}

  get current(): Publication {
    return this.publication;
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    await this.listen().catch((error: Error) =>
      this.logger.warn(`Not listening for new catalogs (${error.message}); polling instead`),
    );
    this.poll = setInterval(() => void this.refresh().catch(() => undefined), POLL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    await this.listener?.end().catch(() => undefined);
  }

  /** Reads the latest publication (answers themselves say the one they were read from). */
  async refresh(): Promise<Publication> {
    const latest = (await this.repository.latestPublication()) ?? NEVER_PUBLISHED;
    if (latest.id !== this.publication.id) this.publication = latest;
    return latest;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    client.on('notification', () => void this.refresh().catch(() => undefined));
    client.on('error', () => undefined);
    client.on('end', () => {
      if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), POLL_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CATALOG_PUBLISHED_CHANNEL}`);
    this.listener = client;
  }
}
