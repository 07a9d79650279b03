import http from 'node:http';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request exactly as given (the path must already be percent-encoded). */
export async function send(port: number, request: RawRequest): Promise<RawResponse> {
  return await new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        // Node's client frames a DELETE or OPTIONS body with nothing unless told its length.
        headers: {
          ...request.headers,
          ...(request.body && { 'Content-Length': String(request.body.length) }),
        },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}
