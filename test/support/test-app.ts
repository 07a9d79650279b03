import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module.js';

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
  const app = moduleRef.createNestApplication({ logger: ['error', 'warn'], bodyParser: false });
  await app.init();
  return app;
}
