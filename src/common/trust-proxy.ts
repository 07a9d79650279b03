import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application } from 'express';
import { AppConfig } from '../config/app-config.js';

/**
 * Behind a reverse proxy every request comes from the proxy's address. With TRUST_PROXY set,
 * Express takes the client's address from X-Forwarded-For as far as the trusted proxies go,
 * so sign-in throttling per address throttles clients, not the proxy.
 */
@Injectable()
export class TrustProxy implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const setting = this.config.http.trustProxy;
    const app = this.adapterHost.httpAdapter?.getInstance<Application>();
    if (setting !== undefined && app) app.set('trust proxy', setting);
  }
}
