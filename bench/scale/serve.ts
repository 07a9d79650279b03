import 'reflect-metadata';
import {
  Controller,
  Get,
  Injectable,
  Module,
  Req,
  type CallHandler,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import type { Request } from 'express';
import { finalize, type Observable } from 'rxjs';
import { setTimeout } from 'node:timers/promises';
import { AppModule } from '../../src/app.module.js';
import { Public } from '../../src/auth/public.decorator.js';
import { ServiceHttpAdapter } from '../../src/common/service-http-adapter.js';
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
//
// GET /bench/idle answers once no other request is being handled. autocannon walks away from
// the requests in flight when a run ends, but the service finishes them; the bench waits for
// that before the next run, or a slow run would steal the start of the one after it. Handlers
// are counted by an interceptor (it sees a handler finish even when its client has gone),
// which every route pays for alike: an increment and an rxjs finalize.

let inFlight = 0;

@Injectable()
class InFlight implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    inFlight++;
    return next.handle().pipe(finalize(() => inFlight--));
  }
}

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

  @Public()
  @Get('idle')
  async idle(): Promise<{ waitedMs: number }> {
    const started = performance.now();
    while (inFlight > 1 && performance.now() - started < 60_000) await setTimeout(10);
    return { waitedMs: Math.round(performance.now() - started) };
  }
}

@Module({
  imports: [AppModule, LookupModule],
  controllers: [BareController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: InFlight }],
})
class BenchServeModule {}

const app = await NestFactory.create(BenchServeModule, new ServiceHttpAdapter(), {
  bufferLogs: true,
  abortOnError: false,
  bodyParser: false,
});
const config = app.get(AppConfig);
app.useLogger(logLevels(config.logging.level));
// Only the signals the bench stops it with: SIGUSR2 is free for --heapsnapshot-signal.
app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
await app.listen(config.http.port, config.http.host);
process.stdout.write('ready\n');
