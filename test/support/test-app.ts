import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module.js';
import { ApiKeysService } from '../../src/auth/api-keys.service.js';
import { ServiceHttpAdapter } from '../../src/common/service-http-adapter.js';

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
