import 'reflect-metadata';
import { Controller, Get, Module, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request } from 'express';
import { AppModule } from '../../src/app.module.js';
import { Public } from '../../src/auth/public.decorator.js';
import { AppConfig } from '../../src/config/app-config.js';
import { logLevels } from '../../src/config/log-levels.js';
import { LookupModule } from '../../src/lookup/lookup.module.js';
import { LookupService } from '../../src/lookup/lookup.service.js';
import type { LookupResult } from '../../src/synthesis/product-intelligence.schema.js';

// node dist/bench/scale/serve.js, with the service's environment plus BENCH_HOT_NAME.
// The real AppModule, listening as src/main.ts does, plus bare routes that answer with the
// hot name's lookup body without doing any work: the framework's own ceiling, measured in the
// same process as the lookups it is compared with. Prints "ready" once it listens.
//
// GET /bench/bare keeps the global API key guard, as every route a client calls with a key
// does: measured against it, the hot lookup's extra cost is the answer cache and the quota
// charge, which is what the 80% goal is about. GET /bench/bare-public skips the key check
// too (@Public), the strict reading of "a route with no work": both ratios are reported.

const hotName = process.env.BENCH_HOT_NAME ?? '';

@Controller('bench')
class BareController {
  /** The hot name's answer, looked up once (for the first caller's key) and then kept. */
  private body?: Promise<LookupResult>;

  constructor(private readonly lookups: LookupService) {}

  @Get('bare')
  async bare(@Req() req: Request): Promise<LookupResult> {
    return await (this.body ??= this.lookups.lookup(hotName, 'full', req.apiKeyId));
  }

  @Public()
  @Get('bare-public')
  async barePublic(): Promise<LookupResult> {
    return await (this.body ??= this.lookups.lookup(hotName, 'full'));
  }
}

@Module({ imports: [AppModule, LookupModule], controllers: [BareController] })
class BenchServeModule {}

const app = await NestFactory.create(BenchServeModule, {
  bufferLogs: true,
  abortOnError: false,
  bodyParser: false,
});
const config = app.get(AppConfig);
app.useLogger(logLevels(config.env.LOG_LEVEL));
app.enableShutdownHooks();
await app.listen(config.env.PORT, config.env.HOST);
process.stdout.write('ready\n');
