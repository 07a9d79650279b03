import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { errorName } from '../common/error-name.js';
import { CATALOG_PUBLISHED_CHANNEL, type Publication } from '../publication/publication.sql.js';
import { DatabaseServer } from '../database/database-server.js';
import { servingLine } from '../publication/serving-line.js';
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
  private failing = false;
  /** Background reads started, and the latest of them that succeeded. */
  private attempts = 0;
  private lastGood = 0;
  private readonly listeners: ((publication: Publication) => void)[] = [];

  constructor(
    private readonly repository: LookupRepository,
    private readonly database: DatabaseServer,
  ) {}

  get current(): Publication {
    return this.publication;
  }

  /** Calls `listener` with each publication this instance notices from now on. */
  onPublished(listener: (publication: Publication) => void): void {
    this.listeners.push(listener);
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    await this.listen().catch((error: unknown) =>
      this.logger.warn(`Not listening for new catalogs (${errorName(error)}); polling instead`),
    );
    this.poll = setInterval(() => this.inBackground(() => this.refresh()), POLL_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    // Closing: a listener whose connection already ended has nothing left to close.
    await this.listener?.end().catch(() => undefined);
  }

  /** Reads the latest publication (answers themselves say the one they were read from). */
  async refresh(): Promise<Publication> {
    const attempt = ++this.attempts;
    const latest = (await this.repository.latestPublication()) ?? NEVER_PUBLISHED;
    // A read that a later one overtook (a poll beside a NOTIFY's) would go back a publication.
    const stale = attempt < this.lastGood;
    this.lastGood = Math.max(this.lastGood, attempt);
    if (!stale && latest.id !== this.publication.id) {
      this.publication = latest;
      // Once per instance and publication, as it notices one (at start, by NOTIFY or the poll).
      if (latest.id !== NEVER_PUBLISHED.id) this.logger.log(servingLine(latest));
      for (const listener of this.listeners) listener(latest);
    }
    if (this.failing) this.logger.log('Reading the latest catalog works again');
    this.failing = false;
    return latest;
  }

  /**
   * A background read or re-listen, whose failure is said once per outage as the poll retries.
   * One that fails after a later one succeeded (it hung through the outage's end) is stale:
   * the outage is over, and saying it again would start another.
   */
  private inBackground(work: () => Promise<unknown>): void {
    const attempt = this.attempts + 1;
    work().catch((error: unknown) => {
      if (this.lastGood < attempt) this.warnOnce(error);
    });
  }

  private warnOnce(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn(
      `Could not read the latest catalog (${errorName(error)}); retrying every ${POLL_MS / 1000} s`,
    );
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    client.on('notification', () => this.inBackground(() => this.refresh()));
    // A lost connection also ends the client: 'end' below listens again.
    client.on('error', () => undefined);
    client.on('end', () => {
      if (!this.closed) setTimeout(() => this.inBackground(() => this.listen()), POLL_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CATALOG_PUBLISHED_CHANNEL}`);
    this.listener = client;
  }
}
