import { connect } from 'node:net';
import { Harness, startHarness } from '../support/harness';

/**
 * What Node's HTTP parser refuses before any route sees it (oversize headers, malformed HTTP) is answered with the
 * gateway's `{ error, errorCode }` JSON like every other error, over raw sockets since no HTTP client sends such
 * requests. Nothing of the input comes back.
 */

// Loopback only; generous for a busy 2-core machine. The raw client ends on the server's close, never on a timer.
jest.setTimeout(30_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/** Writes `request` whole, then reads until the server closes the connection; fails if no HTTP answer came. */
function rawRequest(h: Harness, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(h.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const timer = setTimeout(() => socket.destroy(new Error('no close within 20 s')), 20_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body = ''] = text.split('\r\n\r\n');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(head);
      if (!m) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      resolve({ status: Number(m[1]), headers, text, body: parsed });
    });
    socket.end(request);
  });
}

/** Same checks for every answer: JSON, closed, no-store, the usual security headers, exact length. */
function expectJsonError(a: RawAnswer, status: number, errorCode: string): void {
  expect(a.status).toBe(status);
  expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(a.headers.connection).toBe('close');
  expect(a.headers['cache-control']).toBe('no-store');
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(a.text.split('\r\n\r\n')[1]));
  expect(a.body).toEqual({ error: expect.any(String), errorCode });
}

describe("Node's own refusals carry the JSON error body", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('a header value of 20 000 characters is a 431 REQUEST_HEADERS_TOO_LARGE with JSON, and its value is not echoed', async () => {
    const secret = `qqmusic_key=${'Q'.repeat(20_000)}`;
    const a = await rawRequest(h, `GET /getRanks?topId=4 HTTP/1.1\r\nHost: x\r\nCookie: ${secret}\r\n\r\n`);
    expectJsonError(a, 431, 'REQUEST_HEADERS_TOO_LARGE');
    expect(a.body).toEqual({ error: 'Request line and headers are too large (at most 16384 bytes together)', errorCode: 'REQUEST_HEADERS_TOO_LARGE' });
    expect(a.text).not.toContain('QQQQ');
  });

  it('a 1 MB URL is a 431 with JSON, read whole by a client that is still sending when it is refused', async () => {
    const a = await rawRequest(h, `GET /getRanks?topId=${'4'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectJsonError(a, 431, 'REQUEST_HEADERS_TOO_LARGE');
  });

  it.each([
    ['a header line without a colon', 'GET /health/live HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO <script>alert(1)</script>\r\n\r\n'],
    ['a control character in a header value', 'GET /health/live HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n'],
    ['a bad Content-Length', 'POST /batchGetSongInfo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('malformed HTTP (%s) is a 400 MALFORMED_REQUEST with JSON, nothing echoed', async (_what, request) => {
    const a = await rawRequest(h, request);
    expectJsonError(a, 400, 'MALFORMED_REQUEST');
    expect(a.body).toEqual({ error: 'The request is not valid HTTP/1.1', errorCode: 'MALFORMED_REQUEST' });
    expect(a.text).not.toMatch(/<script>|no colon|Length: abc/);
    expect(a.text).not.toContain(String.fromCharCode(1));
  });

  it('a malformed request after a good one on the same connection: the first is answered, then the JSON 400', async () => {
    const a = await rawRequest(h, 'GET /health/live HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\n');
    expect(a.status).toBe(200);
    const second = a.text.slice(a.text.indexOf('HTTP/1.1 400 '));
    expect(second).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*\r\n\r\n\{"error":"The request is not valid HTTP\/1\.1","errorCode":"MALFORMED_REQUEST"\}$/);
  });

  it('the process still answers afterwards', async () => {
    await h.http().get('/health/live').expect(200);
  });
});
