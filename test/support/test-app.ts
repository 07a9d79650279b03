import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module.js';
import { ApiKeysService } from '../../src/auth/api-keys.service.js';
import { ServiceHttpAdapter } from '../../src/common/service-http-adapter.js';
import { CandidateIndexes } from '../../src/lookup/candidate-index/candidate-indexes.service.js';
import { PublishedCatalog } from '../../src/lookup/published-catalog.js';

/** The real AppModule, with its global pipeline, on the given environment. */
export async function createTestApp(env: Record<string, string>): Promise<INestApplication> {
  Object.assign(
    process.env,
    {
      LOG_LEVEL: 'warn',
      SEED_DEMO_CATALOG: 'false',
      LINK_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
    },
    env,
  );
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication(new ServiceHttpAdapter(), {
    logger: ['error', 'warn'],
    bodyParser: false,
  });
  await app.init();
  return app;
}

/** A fresh API key of the app's database, as `Authorization` header value. */
export async function bearer(app: INestApplication, name = 'test'): Promise<string> {
  const { key } = await app.get(ApiKeysService).create(name);
  return `Bearer ${key}`;
}

/**
 * The app answering from the latest publication, its candidate index read: an import's NOTIFY
 * reaches it in the background, and a lookup before that answers from the one it holds.
 */
export async function servingLatest(app: INestApplication): Promise<void> {
  await app.get(PublishedCatalog).refresh();
  await app.get(CandidateIndexes).refresh();
}
