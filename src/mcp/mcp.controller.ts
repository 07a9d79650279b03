import { All, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ProblemException } from '../common/problem.js';
import { QuotaService, rateLimitHeaders } from '../quota/quota.service.js';
import { AppConfig } from '../config/app-config.js';
import { foreignRequest, originPolicy, type OriginPolicy } from './mcp-origins.js';
import { McpService } from './mcp.service.js';

/** JSON-RPC messages that list or initialise cost nothing; only tool calls are charged. */
const callsATool = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some(
    (message) => (message as { method?: unknown } | null)?.method === 'tools/call',
  );

@Controller('mcp')
export class McpController {
  private readonly origins: OriginPolicy;

  constructor(
    private readonly mcp: McpService,
    private readonly quota: QuotaService,
    config: AppConfig,
  ) {
    this.origins = originPolicy(config.mcpAllowedOrigins);
  }

  /**
   * The Streamable HTTP endpoint, behind the global API key guard like every lookup. A foreign
   * Host or Origin (DNS rebinding) is refused before anything is read or charged.
   */
  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    const foreign = foreignRequest(this.origins, req.headers.host, req.headers.origin);
    if (foreign) throw new ProblemException('forbidden-origin', foreign);
    if (req.bodyProblem) throw req.bodyProblem;
    const keyId = req.apiKeyId!;
    // Every authenticated answer states the budget; a tool call states it after its charge.
    if (!callsATool(req.body)) {
      // Without the quota's storage the answer goes out without the headers; the tool call
      // itself is refused with 503 by its charge.
      const state = await this.quota.status(keyId).catch(() => undefined);
      if (state) res.set(rateLimitHeaders(state));
    }
    await this.mcp.handle(req, res, keyId);
  }

  /**
   * Stateless: no SSE stream to open (GET) and no session to end (DELETE). 405, before any
   * key check, tells clients to fall back to plain POST (docs/decisions.md, MCP).
   */
  @Public()
  @All()
  notAllowed(): never {
    throw new ProblemException(
      'method-not-allowed',
      'This MCP endpoint is stateless: send JSON-RPC messages with POST.',
    ).withHeaders({ Allow: 'POST' });
  }
}
