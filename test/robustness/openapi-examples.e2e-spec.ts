import { qqLogin } from '../support/credentials';
import { exampleOf } from '../support/derive-endpoints';
import { Harness, startHarness } from '../support/harness';

/**
 * Every example in the OpenAPI document must be a request the gateway accepts: a client developer pastes them, and
 * Swagger UI's "Try it out" sends them as they are (every query parameter's example filled in, the first body
 * example). Each is sent to the running app (fake upstream): whatever the answer, it must not be a 400. And each
 * query example in that call must be read (not hidden by another parameter that wins over it).
 */

const ADMIN_TOKEN = 'openapi-examples-admin-token-0123456789';

interface Example {
  method: 'get' | 'post';
  path: string;
  label: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** A value the parameter's documented schema rules out (enum, number, boolean, pattern, maxLength), else undefined. */
function invalidValueFor(schema: any): string | undefined {
  if (!schema) return undefined;
  if (schema.enum) return 'not-in-the-enum';
  if (schema.type === 'number' || schema.type === 'integer') return 'not-a-number';
  if (schema.type === 'boolean') return 'not-a-boolean';
  if (schema.pattern && !new RegExp(schema.pattern).test('!~')) return '!~';
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where an answer's shape departs from a documented example: keys missing or extra, JSON types that differ (arrays by their first items). */
function shapeDifferences(documented: unknown, answered: unknown, where: string): string[] {
  // null stands for "not known yet" on either side (expiresAt, lastRefresh): the free-form data schema cannot say nullable
  if (documented === null || answered === null) return [];
  if (jsonType(documented) !== jsonType(answered)) return [`${where}: documented ${jsonType(documented)}, answered ${jsonType(answered)}`];
  if (Array.isArray(documented) && Array.isArray(answered)) {
    return documented.length && answered.length ? shapeDifferences(documented[0], answered[0], `${where}[0]`) : [];
  }
  if (jsonType(documented) !== 'object') return [];
  const doc = documented as Record<string, unknown>;
  const ans = answered as Record<string, unknown>;
  return [
    ...Object.keys(doc).flatMap((key) => (key in ans ? shapeDifferences(doc[key], ans[key], `${where}.${key}`) : [`${where}.${key}: documented, not answered`])),
    ...Object.keys(ans).filter((key) => !(key in doc)).map((key) => `${where}.${key}: answered, not documented`),
  ];
}

describe('OpenAPI examples are requests the gateway accepts', () => {
  let h: Harness;
  let doc: any;
  const examples: Example[] = [];

  beforeAll(async () => {
    // The admin routes exist only with ADMIN_TOKEN; the WeChat long poll answers at once for the example uuid.
    // A stored QQ login, so the user and credential routes answer 200 as their examples show.
    h = await startHarness({ env: { ADMIN_TOKEN, ALT_LOGIN_POLL_TIMEOUT_MS: '2000' }, cookieFile: qqLogin() });
    doc = (await h.http().get('/docs-json').expect(200)).body;
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const method of ['get', 'post'] as const) {
        const op = ops[method];
        if (!op) continue;
        const params: any[] = (op.parameters ?? []).filter((p: any) => p.in === 'query');
        const filled = Object.fromEntries(params.filter((p) => exampleOf(p) !== undefined).map((p) => [p.name, String(exampleOf(p))]));
        const required = Object.fromEntries(params.filter((p) => p.required).map((p) => [p.name, String(exampleOf(p))]));
        // "Try it out" as it opens (every example filled in), and the required parameters alone. (A POST's examples
        // are its bodies, below.)
        if (method === 'get') examples.push({ method, path, label: 'every query example', query: filled });
        if (Object.keys(required).length && Object.keys(required).length < Object.keys(filled).length) {
          examples.push({ method, path, label: 'required query examples', query: required });
        }
        for (const p of params) {
          for (const [name, ex] of Object.entries<any>(p.examples ?? {})) {
            examples.push({ method, path, label: `query ${p.name} example ${name}`, query: { ...required, [p.name]: String(ex.value) } });
          }
        }
        const json = op.requestBody?.content?.['application/json'];
        if (!json) continue;
        for (const [name, ex] of Object.entries<any>(json.examples ?? {})) examples.push({ method, path, label: `body example ${name}`, body: ex.value });
        // The body Swagger UI builds from the schema's property examples.
        const schema = resolve(json.schema);
        const fromSchema = Object.fromEntries(
          Object.entries<any>(schema?.properties ?? {}).filter(([, prop]) => exampleOf(prop) !== undefined).map(([name, prop]) => [name, exampleOf(prop)]),
        );
        examples.push({ method, path, label: 'body built from the property examples', body: fromSchema });
      }
    }
  });
  afterAll(() => h.close());

  it('finds the examples of every operation', () => {
    expect(new Set(examples.map((e) => `${e.method} ${e.path}`)).size).toBe(
      Object.values<any>(doc.paths).reduce((n, ops) => n + ['get', 'post'].filter((m) => ops[m]).length, 0),
    );
    expect(examples.filter((e) => e.body !== undefined && e.label.startsWith('body example')).length).toBeGreaterThanOrEqual(5);
  });

  it('no documented example is answered 400', async () => {
    const refused: unknown[] = [];
    // GETs first: a body example of /user/setCookie replaces the stored login.
    for (const ex of [...examples].sort((a, b) => (a.method === b.method ? 0 : a.method === 'get' ? -1 : 1))) {
      const req = ex.method === 'get' ? h.http().get(ex.path).query(ex.query ?? {}) : h.http().post(ex.path).query(ex.query ?? {}).send(ex.body as object);
      const res = await req.set('X-Admin-Token', ADMIN_TOKEN);
      if (res.status === 400) refused.push({ request: `${ex.method.toUpperCase()} ${ex.path} (${ex.label})`, query: ex.query, body: ex.body, answer: res.body });
    }
    expect(refused).toEqual([]);
  });

  // GET /user/getUserAvatar's examples were k and uin together: k wins, so the call ignored uin. Such an example is
  // no 400, so the test above let it through.
  it('every documented query example is read: with the others filled in, an invalid value for it is refused naming it', async () => {
    const unread: unknown[] = [];
    let probed = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const method of ['get', 'post'] as const) {
        const params: any[] = (ops[method]?.parameters ?? []).filter((p: any) => p.in === 'query' && exampleOf(p) !== undefined);
        const filled = Object.fromEntries(params.map((p) => [p.name, String(exampleOf(p))]));
        for (const p of params) {
          const bad = invalidValueFor(p.schema);
          if (bad === undefined) continue;
          probed++;
          const res = await h.http()[method](path).query({ ...filled, [p.name]: bad }).set('X-Admin-Token', ADMIN_TOKEN);
          if (res.status !== 400 || !String(res.body.error).includes(p.name)) {
            unread.push({ request: `${method.toUpperCase()} ${path}`, query: { ...filled, [p.name]: bad }, status: res.status, answer: res.body });
          }
        }
      }
    }
    expect(unread).toEqual([]);
    expect(probed).toBeGreaterThanOrEqual(70);
  });

  // /getRecommend documented focus ids as numbers (they are strings), and /getLyric's isFormat example (1) asked for
  // the parsed shape while its answer example showed the text one: a client typed from the document broke.
  it('each GET answer has the shape of its documented example: the same keys, each of the same JSON type', async () => {
    h.writeCookieFile(qqLogin()); // the stored login again: /user/setCookie's body example replaced it with a cookie-only one
    const differences: string[] = [];
    let compared = 0;
    for (const ex of examples.filter((e) => e.method === 'get' && e.label === 'every query example')) {
      const documented = doc.paths[ex.path].get.responses['200']?.content?.['application/json']?.schema?.properties?.data?.example;
      if (documented === undefined) continue;
      const res = await h.http().get(ex.path).query(ex.query ?? {}).set('X-Admin-Token', ADMIN_TOKEN);
      if (res.status !== 200) continue;
      compared++;
      differences.push(...shapeDifferences(documented, res.body.data, `${ex.path} data`));
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(25);
  });

  it('the QQ login example is a qrsig with its own ptqrtoken (hash33), answered as a poll state', async () => {
    const value = doc.paths['/checkMainLoginQr'].post.requestBody.content['application/json'].examples.poll.value;
    const res = await h.http().post('/checkMainLoginQr').send(value).expect(200);
    expect(res.body).toMatchObject({ isOk: false });
    // The QR answer's example carries the same pair, and the loginToken the check sends back.
    const qr = doc.paths['/getMainLoginQr'].get.responses['200'].content['application/json'].schema.example;
    expect({ qrsig: qr.qrsig, ptqrtoken: qr.ptqrtoken, loginToken: qr.loginToken }).toEqual(value);
  });
});
