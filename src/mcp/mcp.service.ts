import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Request, Response } from 'express';
import { writtenOnce } from '../common/written-json.js';
import { PACKAGE_VERSION } from '../config/package-version.js';
import { ProblemException } from '../common/problem.js';
import { knownProblem } from '../common/problem.filter.js';
import { requestInstance } from '../common/request-id.js';
import { parseBrowseArguments } from '../lookup/browse/browse-request.schema.js';
import { BrowseService } from '../lookup/browse/browse.service.js';
import { parseBatchLookup, parseSingleLookupArguments } from '../lookup/lookup-request.schema.js';
import { lookupCost } from '../lookup/lookup-cost.js';
import { LookupService } from '../lookup/lookup.service.js';
import { QuotaService, rateLimitHeaders, type QuotaState } from '../quota/quota.service.js';
import { Metrics } from '../metrics/metrics.service.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { BATCH_TOOL, BROWSE_TOOL, SINGLE_TOOL, TOOLS } from './mcp-tools.js';

/** The server's name and version as MCP clients see them: the package's own. */
export const SERVER_INFO = { name: 'product-intelligence', version: PACKAGE_VERSION };

/** A refused call: the HTTP problem body, naming the request as the HTTP API's do. */
const problemResult = (problem: ProblemException, instance: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify({ ...problem.body, instance }) }],
});

/**
 * The MCP endpoint, stateless: a new server and transport for every HTTP request, as the SDK
 * requires without sessions. The tools call the same LookupService and BrowseService as the
 * HTTP controllers, validate with the same parsers and charge the same budget, so their
 * structuredContent is the HTTP body and their errors are the HTTP problem bodies.
 *
 * The tool handlers sit on the SDK's low-level request handlers rather than registerTool,
 * because registerTool validates arguments itself and would answer bad arguments with its
 * own message instead of the HTTP API's problem body (docs/decisions.md, MCP).
 */
@Injectable()
export class McpService {
  constructor(
    private readonly lookups: LookupService,
    private readonly browse: BrowseService,
    private readonly quota: QuotaService,
    private readonly metrics: Metrics,
  ) {}

  async handle(req: Request, res: Response, keyId: string): Promise<void> {
    const mcp = new McpServer(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Product intelligence over a published product catalog: resolve a product name and get ' +
        "scores, highlights, considerations and offers, or browse a category's products. " +
        'Lookups and browsing cost rate budget; listing the tools is free.',
    });
    mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
    mcp.server.setRequestHandler(CallToolRequestSchema, (request) =>
      this.call(request.params.name, request.params.arguments ?? {}, keyId, req, res),
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private async call(
    tool: string,
    args: unknown,
    keyId: string,
    req: Request,
    res: Response,
  ): Promise<CallToolResult> {
    try {
      const body = await this.run(tool, args, keyId, res);
      return {
        content: [{ type: 'text', text: writtenOnce(body)?.text ?? JSON.stringify(body) }],
        structuredContent: body as Record<string, unknown>,
      };
    } catch (error) {
      // A database that cannot answer is the HTTP API's 503 here too, never the driver's text.
      const problem = knownProblem(error);
      if (!problem) throw error;
      // The budget still speaks through the HTTP headers; Retry-After lives in the body here.
      const { 'Retry-After': _, ...headers } = problem.headers;
      res.set(headers);
      // A call refused before its charge (bad arguments) states the budget too,
      // as the HTTP API's refusals do; without the quota's storage it goes out without them.
      if (!headers.RateLimit) {
        const state = await this.quota.status(keyId).catch(() => undefined);
        if (state) res.set(rateLimitHeaders(state));
      }
      return problemResult(problem, requestInstance(req, res));
    }
  }

  /**
   * Validate, charge, look up: the HTTP API's order, after the key was checked. A lookup that
   * fails with 503 gets its charge back, as over HTTP (QuotaService.spend).
   */
  private async run(tool: string, args: unknown, keyId: string, res: Response): Promise<object> {
    const charged = async <T>(cost: number, lookup: () => Promise<T>): Promise<T> => {
      const charge = await this.quota.charge(keyId, cost, 'mcp');
      const state = (budget: QuotaState) => res.set(rateLimitHeaders(budget));
      state(charge.state);
      return await this.quota.spend(charge, lookup, state);
    };
    // The HTTP interceptor counts the lookups' answers; these are the tools'.
    const counted = (result: LookupResult) => {
      this.metrics.resolution(result.found);
      return result;
    };
    switch (tool) {
      case SINGLE_TOOL: {
        const request = parseSingleLookupArguments(args);
        return counted(
          await charged(lookupCost(request), () =>
            this.lookups.lookup(request.product_name, request.detail, keyId, 'mcp'),
          ),
        );
      }
      case BATCH_TOOL: {
        const request = parseBatchLookup(args);
        const results = await charged(lookupCost(request), () =>
          this.lookups.lookupMany(request.product_names, keyId, 'mcp'),
        );
        return { results: results.map(counted) };
      }
      case BROWSE_TOOL: {
        const request = parseBrowseArguments(args);
        return await charged(lookupCost(request), async () =>
          request.category === undefined
            ? await this.browse.categories()
            : await this.browse.page(request, keyId),
        );
      }
      default:
        // No such tool is the protocol's error, not a tool's (MCP specification, Tools: errors).
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool "${tool}": the tools are ${SINGLE_TOOL}, ${BATCH_TOOL} and ${BROWSE_TOOL}`,
        );
    }
  }
}
