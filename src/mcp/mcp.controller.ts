import { All, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ProblemException } from '../common/problem.js';
import { QuotaService, rateLimitHeaders } from '../quota/quota.service.js';
import { McpService } from './mcp.service.js';

/** JSON-RPC messages that list or initialise cost nothing; only tool calls are charged. */
const callsATool = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some(
    (message) => (message as { method?: unknown } | null)?.method === 'tools/call',
  );

@Controller('mcp')
export class McpController {
  constructor(
    private readonly mcp: McpService,
    private readonly quota: QuotaService,
  ) {}

  /** The Streamable HTTP endpoint, behind the global API key guard like every lookup. */
  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (req.bodyProblem) throw req.bodyProblem;
    const keyId = req.apiKeyId!;
    // Every authenticated answer states the budget; a tool call states it after its charge.
    if (!callsATool(req.body)) {
      const state = await this.quota.status(keyId).catch(() => undefined);
      if (state) res.set(rateLimitHeaders(state));
    }
    await this.mcp.handle(req, res, keyId);
  }

  /**
   * Stateless: no SSE stream to open (GET) and no session to end (DELETE). 405, before any
   * key check, tells clients to fall back to plain POST (decisions.md, MCP).
   */
  @Public()
  @All()
  notAllowed(): never {
    throw new ProblemException(
      405,
      'method-not-allowed',
      'Method not allowed',
      'This MCP endpoint is stateless: send JSON-RPC messages with POST.',
    ).withHeaders({ Allow: 'POST' });
  }
}
