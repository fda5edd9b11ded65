import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A socket we answered: closed for good if its client does not close its side within this time. */
const CLOSE_GRACE_MS = 2000;

/** Node's answer to each parse failure it reports, as the gateway's JSON error (Node's own has an empty body). */
const PARSE_FAILURES: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, `Request line and headers are too large (at most ${maxHeaderSize} bytes together)`, 'REQUEST_HEADERS_TOO_LARGE'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Chunk extensions of the request body are too large', 'PAYLOAD_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time', 'REQUEST_TIMEOUT'],
};
const MALFORMED: [number, string, string] = [400, 'The request is not valid HTTP/1.1', 'MALFORMED_REQUEST'];
const answerFor = (code: string | undefined): [number, string, string] => (code && PARSE_FAILURES[code]) || MALFORMED;

/** Every status and errorCode answered here, before any route: no route's OpenAPI operation can list them. */
export const CLIENT_ERROR_ANSWERS: readonly (readonly [number, string])[] = [...Object.values(PARSE_FAILURES), MALFORMED].map(
  ([status, , errorCode]) => [status, errorCode] as const,
);

/**
 * Answers what Node's HTTP parser refuses before any route sees it (oversize headers, malformed HTTP) with the same
 * `{ error, errorCode }` JSON as every other error. Nothing of the input is echoed: it may be hostile or a secret.
 */
export function answerClientErrorsWithJson(server: Server, headers: Readonly<Record<string, string>>): void {
  const fixed = Object.entries({ ...headers, 'Cache-Control': 'no-store' }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const refused = new WeakSet<Socket>();
  const refuse = (socket: Socket, code: string | undefined): void => {
    if (!socket.writable) return;
    const [status, error, errorCode] = answerFor(code);
    const body = JSON.stringify({ error, errorCode });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${fixed}X-Request-Id: ${randomUUID()}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Ending (not destroying) lets the client read the answer while it is still sending: unread bytes would make the
    // kernel reset the connection and drop it. A client that never closes its side is cut off after the grace.
    socket.setTimeout(CLOSE_GRACE_MS, () => socket.destroy());
  };
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET') return void socket.destroy();
    // Already refused: the parser reports each later chunk too; they are read and dropped until the client closes.
    if (refused.has(socket) || !socket.writable) return;
    refused.add(socket);
    // A pipelined request before the bad one still gets its answer first; the refusal follows it.
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (pending && !pending.writableFinished) pending.once('finish', () => refuse(socket, err.code));
    else refuse(socket, err.code);
  });
}
