import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What nginx does in docker-compose.yml, in a few lines: one port in front of several
 * app instances, round robin, the caller's X-Request-Id passed on (or one made), and a
 * request retried on the next instance when one refuses the connection.
 */
export async function startRoundRobinProxy(
  upstreams: string[],
): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
    attempt: number,
    res: http.ServerResponse,
  ) => {
    const target = new URL(req.url ?? '/', upstreams[next++ % upstreams.length]);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (attempt + 1 < upstreams.length) forward(req, body, attempt + 1, res);
      else res.writeHead(502).end();
    });
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    req.headers['x-request-id'] ??= randomUUID();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), 0, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
