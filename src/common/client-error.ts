import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A socket we answered: closed for good if its client does not close its side within this time. */
const CLOSE_GRACE_MS = 2000;

/** Node's answer to each parse failure it reports, as the gateway's JSON error (Node's own has an empty body). */
const PARSE_FAILURES: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, `Request line and headers are too large (at most ${maxHeaderSize} bytes together)`, 'REQUEST_HEADERS_TOO_LARGE'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Chunk extensions of the request body are too large', 'PAYLOAD_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time', 'REQUEST_TIMEOUT'],
  HPE_INVALID_VERSION: [505, 'Only HTTP/1.1 and HTTP/1.0 are served on this port', 'HTTP_VERSION_NOT_SUPPORTED'],
};
const MALFORMED: [number, string, string] = [400, 'The request is not valid HTTP/1.1', 'MALFORMED_REQUEST'];
const answerFor = (code: string | undefined): [number, string, string] => (code && PARSE_FAILURES[code]) || MALFORMED;

/** Two Host headers name two sites: a proxy may route by one while the gateway reads the other. */
const TWO_HOSTS: [number, string, string] = [400, 'The request has more than one Host header', 'MALFORMED_REQUEST'];
/** HTTP/1.1 requires a Host header; Node refused its absence with an empty 400 before this answered it as JSON. */
const NO_HOST: [number, string, string] = [400, 'The request has no Host header (HTTP/1.1 requires one)', 'MALFORMED_REQUEST'];

/** Every status and errorCode answered here, before any route: no route's OpenAPI operation can list them. */
export const CLIENT_ERROR_ANSWERS: readonly (readonly [number, string])[] = [...Object.values(PARSE_FAILURES), MALFORMED, TWO_HOSTS, NO_HOST].map(
  ([status, , errorCode]) => [status, errorCode] as const,
);

/** The JSON answer to a refused request, with the gateway's usual headers; the connection closes after it. */
function refusal([status, error, errorCode]: [number, string, string], headers: Readonly<Record<string, string>>) {
  const body = JSON.stringify({ error, errorCode });
  const head = {
    ...headers,
    'Cache-Control': 'no-store',
    'X-Request-Id': randomUUID(),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  return { status, head, body };
}

/**
 * Answers what Node's HTTP parser refuses before any route sees it (oversize headers, malformed HTTP, a malformed or
 * stalled request body) with the same `{ error, errorCode }` JSON as every other error, and closes the connection.
 * Nothing of the input is echoed: it may be hostile or a secret.
 */
export function answerClientErrorsWithJson(server: Server, headers: Readonly<Record<string, string>>): void {
  const refused = new WeakSet<Socket>();
  const refuse = (socket: Socket, code: string | undefined): void => {
    if (!socket.writable) return;
    const { status, head, body } = refusal(answerFor(code), headers);
    const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}\r\n${body}`);
    // Ending (not destroying) lets the client read the answer while it is still sending: unread bytes would make the
    // kernel reset the connection and drop it. A client that never closes its side is cut off after the grace.
    socket.setTimeout(CLOSE_GRACE_MS, () => socket.destroy());
  };
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET') return void socket.destroy();
    // Already refused: the parser reports each later chunk too; they are read and dropped until the client closes.
    if (refused.has(socket) || !socket.writable) return;
    refused.add(socket);
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (pending && !pending.writableFinished && !waitsForItsBody(pending)) {
      // A pipelined request before the bad one still gets its answer first; the refusal follows it.
      pending.once('finish', () => refuse(socket, err.code));
    } else {
      // The failure is in the body of the request being answered (bad chunk, stall): that body never ends, so its
      // answer never comes. It is refused now; body-parser's later "aborted" finds the socket gone and writes nothing.
      refuse(socket, err.code);
    }
  });
}

/** The answer has not begun and its request's body is still arriving: the handler waits for a body that is broken. */
function waitsForItsBody(res: ServerResponse): boolean {
  return !res.headersSent && !res.req.complete;
}

/** Why a request Node's parser let through is not served, or undefined: another HTTP version than 1.x, two Hosts or none. */
function unservable(req: IncomingMessage): [number, string, string] | undefined {
  if (req.httpVersionMajor !== 1) return PARSE_FAILURES.HPE_INVALID_VERSION;
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return TWO_HOSTS;
  return hosts === 0 && req.httpVersionMinor === 1 ? NO_HOST : undefined;
}

/**
 * Refuses what Node's parser accepts but the gateway must not serve: an `HTTP/2.0` or `HTTP/0.9` request line (Node
 * reads it as HTTP/1) and two Host headers (Node keeps the first). Wraps every 'request' listener, so it must be
 * installed after any other wrapper (the cache fast lane): a cached answer is refused like any other.
 */
export function refuseUnservableRequests(server: Server, headers: Readonly<Record<string, string>>): void {
  // Node's own refusal of a missing Host is an empty 400: this answers it instead, as JSON.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const problem = unservable(req);
    if (!problem) return void listeners.forEach((listener) => listener.call(server, req, res));
    const { status, head, body } = refusal(problem, headers);
    res.writeHead(status, head).end(body);
  });
}
