import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOL_ROUTES } from '../../mcp/tools';
import { Harness, startHarness } from '../support/harness';

/**
 * `npm run mcp` as an MCP host runs it: the server (mcp/main.ts, transpiled on load like the other child-process
 * tests) spawned over stdio by the SDK's own Client and StdioClientTransport, pointed at a running gateway (the app and
 * the fake upstream, which is what the demo runs). Every answer is checked against the gateway's JSON and against the
 * upstream request the fake logged.
 */

const ROOT = join(__dirname, '..', '..');

type TextResult = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

const MAIN = ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'mcp/main.ts')];

/** Spawns the server as an MCP host does and connects the SDK's client; `output()` is its stderr so far. */
async function connect(env: Record<string, string>): Promise<{ client: Client; transport: StdioClientTransport; output: () => string }> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: MAIN,
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: ROOT,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, output: () => stderr };
}

/** A loopback HTTP server that records the requests it gets; `url` has no trailing slash. */
async function listen(handler: RequestListener): Promise<{ url: string; port: number; requests: IncomingMessage[]; close: () => Promise<void> }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A gateway's /docs-json reduced to what listing needs: every declared route, each taking a `key` query parameter. */
const STUB_DOCUMENT = JSON.stringify({
  paths: Object.fromEntries(TOOL_ROUTES.map((r) => [r.path, { [r.method]: { summary: r.name, parameters: [{ name: 'key', in: 'query', schema: { type: 'string' } }] } }])),
});

describe('the MCP server over stdio', () => {
  let h: Harness;
  let client: Client;
  let output: () => string;

  beforeAll(async () => {
    h = await startHarness();
    ({ client, output } = await connect({ GATEWAY_URL: h.url }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await h.close();
  });
  beforeEach(() => h.fake.reset());

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as TextResult;

  it('lists every declared tool the gateway serves, with input schemas from its OpenAPI parameters', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const served = TOOL_ROUTES.filter((r) => doc.paths[r.path]?.[r.method]).map((r) => r.name);
    expect(names).toEqual(served);
    for (const required of ['search', 'song_info', 'lyric', 'play_url', 'chart', 'playlist_detail', 'singer_hot_songs', 'singer_desc', 'comments', 'daily_songs', 'similar_songs']) {
      expect(names).toContain(required);
    }
    const search = tools.find((t) => t.name === 'search')!;
    const keyParam = doc.paths['/getSearchByKey'].get.parameters.find((p: any) => p.name === 'key');
    expect(search.inputSchema.required).toEqual(['key']);
    expect(search.inputSchema.properties!.key).toMatchObject({ type: 'string', description: keyParam.description });
    expect(search.inputSchema.properties!.type).toMatchObject({ type: 'string', enum: ['song', 'album', 'playlist', 'singer', 'mv', 'lyric'] });
    expect(search.description).toContain('GET /getSearchByKey');
    const chart = tools.find((t) => t.name === 'chart')!;
    expect(chart.inputSchema.properties!.topId).toMatchObject({ type: 'integer' });
    expect(chart.inputSchema.required).toBeUndefined();
    expect(output()).toContain(`over the gateway at ${h.url}`);
  });

  it('search answers the gateway JSON, as text and structured, after one upstream search', async () => {
    const result = await call('search', { key: '周杰伦', type: 'song', limit: 3 });
    expect(result.isError).toBeFalsy();
    // The key reached upstream (decoded, wherever the search call carries it).
    expect(h.fake.requests.length).toBeGreaterThan(0);
    expect(h.fake.requests.some((r) => decodeURIComponent(r.rawQuery + r.body).includes('周杰伦'))).toBe(true);
    const direct = (await h.http().get('/getSearchByKey').query({ key: '周杰伦', type: 'song', limit: 3 }).expect(200)).body;
    expect(JSON.parse(result.content[0].text)).toEqual(direct);
    expect(result.structuredContent).toEqual(direct);
    expect(direct.data.list.length).toBeGreaterThan(0);
  });

  it('chart takes a number and a boolean as JSON and sends them as the query', async () => {
    const result = await call('chart', { topId: 4, limit: 2, resolveMid: false });
    expect(result.isError).toBeFalsy();
    const body = JSON.parse(result.content[0].text);
    expect(body.data.topList.id).toBe(4);
    expect(body.data.songInfoList).toHaveLength(2);
    const [detail] = h.fake.musicuCalls('music.musicToplist.Toplist.GetDetail');
    expect(detail.param).toMatchObject({ topId: 4, num: 2 });
  });

  it('song_info and lyric answer the song the catalog knows', async () => {
    const info = await call('song_info', { songmid: '0039MnYb0qxYhV' });
    expect(info.structuredContent.data).toMatchObject({ mid: '0039MnYb0qxYhV' });
    const lyric = await call('lyric', { songmid: '0039MnYb0qxYhV' });
    expect(lyric.isError).toBeFalsy();
    expect(typeof JSON.parse(lyric.content[0].text).data.lyric).toBe('string');
  });

  it('play_urls posts its songmids as the JSON body; lyric takes the word-by-word format', async () => {
    const batch = await call('play_urls', { songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'], quality: '128' });
    expect(batch.isError).toBeFalsy();
    const direct = (await h.http().post('/getMusicPlayBatch').send({ songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'], quality: '128' }).expect(200)).body;
    expect(batch.structuredContent).toEqual({ ...direct, data: direct.data.map((e: { url?: string }) => ({ ...e, url: expect.any(String) })) });
    expect(direct.data.map((e: { songmid: string; ok: boolean }) => [e.songmid, e.ok])).toEqual([['0039MnYb0qxYhV', true], ['003UkWuI0E8U0l', true]]);
    const timeline = await call('lyric', { songmid: '0039MnYb0qxYhV', format: 'timeline' });
    expect(timeline.isError).toBeFalsy();
    expect(timeline.structuredContent.data.lines[0]).toMatchObject({ start: expect.any(Number), words: expect.any(Array) });
  });

  it("bad input is an error result carrying the gateway's 400 message naming the parameter, and nothing goes upstream", async () => {
    const result = await call('chart', { topId: 'not-a-number' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^HTTP 400 BAD_REQUEST: .*topId/);
    expect(result.structuredContent).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('an argument the tool does not take is refused by name before any request', async () => {
    const result = await call('lyric', { songmid: '0039MnYb0qxYhV', color: 'red' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('unknown argument color');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('a login-only tool without a login answers the gateway 401 and says to set GATEWAY_COOKIE', async () => {
    const result = await call('daily_songs', {});
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^HTTP 401 LOGIN_REQUIRED: .*cookie/);
    expect(result.content[0].text).toContain('set GATEWAY_COOKIE to your login cookie');
    expect(result.content[0].text).toContain('npm run login');
  });

  it('a write tool without a login says the same, and nothing goes upstream', async () => {
    const result = await call('set_song_like', { songmid: '0039MnYb0qxYhV', like: true });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^HTTP 401 /);
    expect(result.content[0].text).toContain('set GATEWAY_COOKIE');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('describes each tool for a listener, and says which ones need a login', async () => {
    const { tools } = await client.listTools();
    const daily = tools.find((t) => t.name === 'daily_songs')!;
    expect(daily.description).toMatch(/^Today's 30 songs .*Needs a QQ Music login \(GATEWAY_COOKIE\)/);
    expect(tools.find((t) => t.name === 'search')!.description).not.toContain('GATEWAY_COOKIE');
    for (const tool of tools) expect(tool.description).not.toMatch(/music\.\w|\.fcg|musicu/);
  });
});

describe('the MCP server with GATEWAY_COOKIE', () => {
  const COOKIE = 'uin=o10001; qqmusic_key=Q_H_L_mcpServerKey';
  let h: Harness;
  let client: Client;
  let output: () => string;

  beforeAll(async () => {
    h = await startHarness();
    ({ client, output } = await connect({ GATEWAY_URL: h.url, GATEWAY_COOKIE: COOKIE }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await h.close();
  });

  it("sends the cookie as the caller's login on every call, and never prints it", async () => {
    const result = (await client.callTool({ name: 'user_playlists', arguments: { uin: '10001', limit: 2 } })) as TextResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.data.playlists).toHaveLength(2);
    expect(h.fake.requests.some((r) => r.cookie.includes('Q_H_L_mcpServerKey'))).toBe(true);
    expect(output()).toContain('(with GATEWAY_COOKIE)');
    expect(output()).not.toContain('Q_H_L_mcpServerKey');
  });

  it('a login the gateway refuses says GATEWAY_COOKIE was sent and must be renewed', async () => {
    h.fake.fault({ kind: 'business', code: 1000 }, { host: 'u' });
    const result = (await client.callTool({ name: 'daily_songs', arguments: {} })) as TextResult;
    h.fake.clearFaults();
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^HTTP 401 LOGIN_EXPIRED/);
    expect(result.content[0].text).toContain('GATEWAY_COOKIE was sent but the gateway refused it');
    expect(result.content[0].text).not.toContain('Q_H_L_mcpServerKey');
  });
});

describe('the MCP server before its gateway is up', () => {
  it('starts, and answers listing with an error naming the document it could not fetch', async () => {
    // Port 9 (discard) on loopback: nothing listens there, as when the host starts the server before the gateway.
    const { client } = await connect({ GATEWAY_URL: 'http://127.0.0.1:9' });
    try {
      await expect(client.listTools()).rejects.toThrow(/http:\/\/127\.0\.0\.1:9\/docs-json.*could not be fetched.*is the gateway running/);
    } finally {
      await client.close();
    }
  });

  it('fetches the document again on the next request once the gateway answers', async () => {
    const h = await startHarness();
    // A front that answers 503 until `up`, then passes requests on to the gateway.
    let up = false;
    const front = createServer((req, res) => {
      if (!up) return void res.writeHead(503).end();
      void fetch(h.url + req.url!).then(async (answer) => res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text()));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const { client } = await connect({ GATEWAY_URL: `http://127.0.0.1:${(front.address() as AddressInfo).port}` });
    try {
      await expect(client.listTools()).rejects.toThrow(/answered HTTP 503/);
      up = true;
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('chart');
      const result = (await client.callTool({ name: 'chart', arguments: { topId: 4, limit: 1 } })) as TextResult;
      expect(result.structuredContent.data.songInfoList).toHaveLength(1);
    } finally {
      await client.close();
      await new Promise((resolve) => front.close(resolve));
      await h.close();
    }
  });
});

describe('the MCP server does not follow redirects', () => {
  const COOKIE = 'uin=o10001; qqmusic_key=Q_H_L_redirectedKey';
  // `elsewhere` stands for any other address a gateway (or whatever answers at GATEWAY_URL) might redirect to.
  let elsewhere: Awaited<ReturnType<typeof listen>>;
  let front: Awaited<ReturnType<typeof listen>>;
  let redirectDocument = false;

  beforeAll(async () => {
    elsewhere = await listen((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(STUB_DOCUMENT));
    front = await listen((req, res) => {
      if (req.url === '/docs-json' && !redirectDocument) return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(STUB_DOCUMENT);
      res.writeHead(302, { Location: `${elsewhere.url}/collect${req.url}` }).end();
    });
  });
  afterAll(async () => {
    await front.close();
    await elsewhere.close();
  });
  beforeEach(() => {
    front.requests.length = 0;
    elsewhere.requests.length = 0;
  });

  it('a tool call answered 302 is an error naming the status and where it pointed, and nothing reaches that address', async () => {
    redirectDocument = false;
    const { client } = await connect({ GATEWAY_URL: front.url, GATEWAY_COOKIE: COOKIE });
    try {
      const result = (await client.callTool({ name: 'search', arguments: { key: 'x' } })) as TextResult;
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toContain(`the gateway at ${front.url} answered HTTP 302, a redirect to ${elsewhere.url}/collect/getSearchByKey?key=x`);
      expect(result.content[0].text).toContain('redirects are not followed');
      // The call did go out with the login: following the redirect would have handed it over.
      expect(front.requests.map((r) => r.headers['x-custom-cookie'])).toContain(COOKIE);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await client.close();
    }
  });

  it('a redirected OpenAPI document is an error too, and is not fetched from where it points', async () => {
    redirectDocument = true;
    const { client } = await connect({ GATEWAY_URL: front.url, GATEWAY_COOKIE: COOKIE });
    try {
      await expect(client.listTools()).rejects.toThrow(`the gateway's OpenAPI document (${front.url}/docs-json) answered HTTP 302, a redirect to ${elsewhere.url}/collect/docs-json`);
      expect(front.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});

describe('the MCP server with a user and password in GATEWAY_URL', () => {
  const PASSWORD = 'pw-Zq81xv';
  const BASIC = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
  let front: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    // A gateway behind a proxy that wants Basic auth: the document for the right login, and every tool call cut off.
    front = await listen((req, res) => {
      if (req.headers.authorization !== BASIC) return void res.writeHead(401, { 'WWW-Authenticate': 'Basic' }).end();
      if (req.url === '/docs-json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(STUB_DOCUMENT);
      req.socket.destroy();
    });
  });
  afterAll(() => front.close());

  it('sends them as Basic auth and never shows them: not at start-up, not in a failed call', async () => {
    const withLogin = front.url.replace('//', `//admin:${PASSWORD}@`);
    const { client, output } = await connect({ GATEWAY_URL: withLogin });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('search');
      const result = (await client.callTool({ name: 'search', arguments: { key: 'x' } })) as TextResult;
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toContain(`the gateway at ${front.url} did not answer`);
      expect(output()).toContain(`over the gateway at ${front.url} (with its user and password as Basic auth)`);
      for (const shown of [JSON.stringify(result), output()]) {
        expect(shown).not.toContain(PASSWORD);
        expect(shown).not.toContain('admin:');
        expect(shown).not.toContain(BASIC.slice('Basic '.length));
      }
      expect(front.requests.every((r) => r.headers.authorization === BASIC)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('a GATEWAY_URL that does not parse, or is not http(s), is refused at start-up without showing its user-info', () => {
    const start = (url: string) => spawnSync(process.execPath, MAIN, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', GATEWAY_URL: url }, encoding: 'utf8' });
    const unparsed = start(`http://admin:${PASSWORD}@[not-a-host`);
    expect(unparsed.status).toBe(1);
    expect(unparsed.stderr).toContain('MCP server failed: GATEWAY_URL is not a URL: http://***@[not-a-host');
    const ftp = start(`ftp://admin:${PASSWORD}@127.0.0.1/`);
    expect(ftp.status).toBe(1);
    expect(ftp.stderr).toContain('MCP server failed: GATEWAY_URL must be an http:// or https:// URL, not ftp://');
    expect(unparsed.stderr + ftp.stderr).not.toContain(PASSWORD);
  });
});

describe('the MCP server given a message over its size limit', () => {
  let gateway: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    gateway = await listen((req, res) => {
      if (req.url === '/docs-json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(STUB_DOCUMENT);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":0}');
    });
  });
  afterAll(() => gateway.close());

  it('refuses an 11 MiB message with an error naming the limit, and serves the messages after it', async () => {
    const { client, transport, output } = await connect({ GATEWAY_URL: gateway.url });
    try {
      const huge = 'x'.repeat(11 * 1024 * 1024);
      // A notification has no id to answer: it is only reported on stderr.
      await transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: { huge } });
      // A request is answered with an error carrying its id, so the client is not left waiting.
      await expect(client.callTool({ name: 'search', arguments: { key: huge } })).rejects.toThrow(/message of 1153\d{4} bytes refused: over the 10485760-byte \(10 MiB\) limit/);
      expect(output().match(/over the 10485760-byte \(10 MiB\) limit/g)).toHaveLength(2);
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('search');
      const result = (await client.callTool({ name: 'search', arguments: { key: 'small' } })) as TextResult;
      expect(result.structuredContent).toEqual({ code: 0 });
      expect(gateway.requests.map((r) => r.url)).toEqual(['/docs-json', '/getSearchByKey?key=small']);
    } finally {
      await client.close();
    }
  });
});
