import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE, ProblemException, type ProblemType } from './problem.js';

// What Node's HTTP parser refuses before any route sees the request (a malformed request line
// or header, bytes that are not a URL, a head over the header limit, an expectation the server
// does not meet) is answered in the one error shape too. Node's own answers are empty bodies.

/** Parser error codes and what they mean to a client; any other is a 400. */
const PARSER_ERRORS: Readonly<Record<string, { status: number; detail: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    detail: 'The request line and headers are over the server limit of 16 KiB.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  HPE_INVALID_CONTENT_LENGTH: { status: 400, detail: 'Content-Length is not a number.' },
};

/** The kind of problem each status the parser refuses with is (problem.ts); 400 otherwise. */
const TYPES: Readonly<Record<number, ProblemType>> = {
  400: 'bad-request',
  405: 'method-not-allowed',
  408: 'request-timeout',
  417: 'expectation-failed',
  431: 'headers-too-large',
};

function problem(status: number, detail: string): string {
  return JSON.stringify(new ProblemException(TYPES[status] ?? 'bad-request', detail).body);
}

/** A whole answer written straight to the socket, which is then closed. */
function answerOnSocket(socket: Duplex, status: number, body: string, headers = ''): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      headers +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** The socket's response in progress, if a request on it reached the application. */
const responseOf = (socket: Duplex) =>
  (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const response = responseOf(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const known = PARSER_ERRORS[error.code ?? ''];
    const status = known?.status ?? 400;
    answerOnSocket(
      socket,
      status,
      problem(status, known?.detail ?? 'The request is not valid HTTP.'),
    );
  });
  // CONNECT asks for a tunnel, which only a proxy opens: without this listener Node closes
  // the connection without a word. The target is a host, not a resource of this service, so
  // the Allow of this 405 lists no method (RFC 9110, 10.2.1: an empty Allow is allowed).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const body = problem(405, 'This service is not a proxy: it opens no CONNECT tunnel.');
    answerOnSocket(socket, 405, body, 'Allow: \r\n');
  });
  // An Expect header other than 100-continue: Node would answer 417 with no body.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = problem(417, 'The server meets no Expect header but 100-continue.');
    res.writeHead(417, {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    });
    res.end(body);
  });
}
