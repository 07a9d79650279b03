import {
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from '../metrics/metrics.service.js';
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';
import { createPgPool } from './pg-pool.js';
import { PrismaService } from './prisma.service.js';

/** How often each replica's replay position is compared with the primary's. */
const CHECK_EVERY_MS = 1_000;

/** A database to read from: Prisma, and its pool for the prepared lookup statements. */
export type ReadClient = PrismaClient & { readonly pool: pg.Pool };

interface Replica {
  name: string;
  client: ReadClient;
  /** Reachable and within DATABASE_REPLICA_MAX_LAG_BYTES of the primary at the last check. */
  usable: boolean;
}

/** "16/B374D848" (a WAL position) as a number of bytes. */
function lsnBytes(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Where read-only lookups go: PostgreSQL streaming replicas (DATABASE_REPLICA_URLS) in
 * turn, each only while it answers and has replayed the primary's WAL to within
 * DATABASE_REPLICA_MAX_LAG_BYTES; the primary otherwise. Writes never come here.
 */
@Injectable()
export class DatabaseReader implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Replicas');
  private readonly replicas: Replica[];
  private readonly maxLag: bigint;
  private timer?: NodeJS.Timeout;
  private turn = 0;

  constructor(
    private readonly primary: PrismaService,
    config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.maxLag = BigInt(config.database.replicaMaxLagBytes);
    this.replicas = config.database.replicaUrls.map((url, i) => {
      const pool = createPgPool(url, config);
      const client = Object.assign(new PrismaClient({ adapter: new PrismaPg(pool) }), { pool });
      return { name: `replica ${i + 1} (${new URL(url).host})`, client, usable: false };
    });
  }

  /** The client a read-only query should use now. */
  client(): ReadClient {
    const usable = this.replicas.filter((r) => r.usable);
    const replica = usable[this.turn++ % Math.max(1, usable.length)];
    this.metrics?.databaseRead(replica ? 'replica' : 'primary');
    return replica?.client ?? this.primary;
  }

  async onModuleInit(): Promise<void> {
    if (this.replicas.length === 0) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** After every `onModuleDestroy`, as the primary's (prisma.service.ts). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(
      this.replicas.map(async (r) => {
        // Closing: a replica that is already gone has nothing left to close.
        await r.client.$disconnect().catch(() => undefined);
        await r.client.pool.end().catch(() => undefined);
      }),
    );
  }

  /**
   * Marks each replica usable or not; a failed check makes it unusable, never throws. A
   * replica's change of state is logged below, so a failed query needs no line of its own.
   */
  async check(): Promise<void> {
    const primary = await this.primary.$queryRaw<{ lsn: string }[]>`
      SELECT pg_current_wal_lsn()::text AS lsn`.catch(() => undefined);
    const primaryAt = primary?.[0] ? lsnBytes(primary[0].lsn) : undefined;
    await Promise.all(
      this.replicas.map(async (replica) => {
        const rows = await replica.client.$queryRaw<{ lsn: string | null }[]>`
          SELECT pg_last_wal_replay_lsn()::text AS lsn`.catch(() => undefined);
        const replayed = rows?.[0]?.lsn;
        // Without the primary's position, a replica that answers is the best there is.
        const usable =
          replayed != null &&
          (primaryAt === undefined || primaryAt - lsnBytes(replayed) <= this.maxLag);
        if (usable !== replica.usable) {
          this.logger.log(
            `${replica.name} ${usable ? 'is in use' : 'is skipped (away or behind)'}`,
          );
        }
        replica.usable = usable;
      }),
    );
  }
}
