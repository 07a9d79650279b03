import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The same lookups over MCP and over HTTP, to compare their answers. `base` is a function: a
 * file's app listens (and so has its address) only once its `beforeAll` has run.
 */
export function mcpCalls(base: () => string) {
  /** An SDK client; `seen` receives the HTTP headers of every answer it gets. */
  async function connect(
    authorization: string,
    headers = {},
    seen?: (headers: Headers) => void,
  ): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), {
        requestInit: { headers: { Authorization: authorization, ...headers } },
        ...(seen && {
          fetch: async (url: string | URL, init?: RequestInit) => {
            const res = await fetch(url, init);
            seen(res.headers);
            return res;
          },
        }),
      }),
    );
    return client;
  }

  const http = async (path: string, key: string, init: RequestInit = {}) => {
    const res = await fetch(base() + path, {
      ...init,
      headers: { Authorization: key, 'Content-Type': 'application/json', ...init.headers },
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };

  const call = (client: Client, name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  return { connect, http, call };
}
