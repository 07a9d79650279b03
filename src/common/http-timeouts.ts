import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { AppConfig } from '../config/app-config.js';

/**
 * Bounds how long a client may take to send a request (Node's defaults: 60 s for the head,
 * 300 s for the whole): a head or a body that never finishes is answered 408 and its
 * connection closed, instead of holding a socket for minutes.
 */
@Injectable()
export class HttpTimeouts implements OnApplicationBootstrap {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    server.headersTimeout = this.config.http.headersTimeoutMs;
    server.requestTimeout = this.config.http.requestTimeoutMs;
  }
}
