import { FAKE_QQ } from '../../fake-upstream/handlers/login';
import Ajv, { type ValidateFunction } from 'ajv';
import { LEGACY_ONE_BASED_PAGES } from '../../src/legacy/legacy-request.middleware';
import { exampleBodyOf, exampleQueryOf } from '../support/derive-endpoints';
import { type Harness, startHarness } from '../support/harness';

/**
 * Every answer matches the schema the OpenAPI document declares for it (decision 021): each documented operation's
 * example request is sent to the running app (fake upstream, a stored login, the admin token), and its 200 body is
 * validated with ajv. Objects are closed, so a field the schema does not declare fails, as does a declared field of
 * another type.
 */

const ADMIN = 'answer-schemas-admin-token-0123456789';
/**
 * The stored login the examples run with: the account a QR login of the fake (and the demo) yields, which owns the
 * playlists the write examples change, with the p_skey following a singer needs (docs/library.md).
 */
const STORED_LOGIN = { cookie: `uin=o${FAKE_QQ}; qqmusic_uin=${FAKE_QQ}; qqmusic_key=Q_H_L_schemas; qm_keyst=Q_H_L_schemas; p_skey=schemasPskey`, uin: FAKE_QQ };

/** Whether a documented schema is a real one: every object in it declares whether it is closed (the helpers do). */
function isTyped(schema: any): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.anyOf) return schema.anyOf.every(isTyped);
  if (schema.type === 'array') return isTyped(schema.items);
  if (schema.type === 'object') return schema.additionalProperties !== undefined && Object.values<any>(schema.properties ?? {}).every(isTyped);
  // scalars, and raw upstream data (no type at all)
  return true;
}

describe('answers match their declared schemas', () => {
  let h: Harness;
  let doc: any;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const operations: { route: string; method: 'get' | 'post'; path: string; op: any }[] = [];

  beforeAll(async () => {
    h = await startHarness({
      env: { ALT_LOGIN_POLL_TIMEOUT_MS: '2000', ADMIN_TOKEN: ADMIN },
      cookieFile: STORED_LOGIN,
    });
    doc = (await h.http().get('/docs-json').expect(200)).body;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of ['get', 'post'] as const) {
        if (item[method]) operations.push({ route: `${method.toUpperCase()} ${path}`, method, path, op: item[method] });
      }
    }
  });
  afterAll(() => h.close());

  const schemaOf = (op: any) => op.responses['200']?.content?.['application/json']?.schema;
  const resolve = (schema: any): any => (schema?.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema);

  it('every operation declares a typed 200 answer', () => {
    const untyped = operations.filter(({ op }) => schemaOf(op) && !isTyped(schemaOf(op))).map((o) => o.route).sort();
    expect(untyped).toEqual([]);
    expect(operations.filter(({ op }) => !schemaOf(op)).map((o) => o.route)).toEqual([]);
  });

  /** Sends each operation's documented example (in the shape asked) and validates its 200 body against `schemaFor(op)`. */
  async function validateExamples(schemaFor: (op: any) => any, shape?: 'legacy'): Promise<{ problems: string[]; validated: string[] }> {
    const problems: string[] = [];
    const validated: string[] = [];
    // Each pass starts afresh: the previous pass's writes (a deleted playlist) must not decide this one's answers, and
    // /user/setCookie's example replaces the stored login, so it goes last.
    h.fake.reset();
    h.writeCookieFile(STORED_LOGIN);
    const setCookieLast = [...operations].sort((a, b) => Number(a.path === '/user/setCookie') - Number(b.path === '/user/setCookie'));
    for (const { route, method, path, op } of setCookieLast) {
      const schema = schemaFor(op);
      if (!schema || !isTyped(schema)) continue;
      const validate: ValidateFunction = ajv.compile(schema);
      const query: Record<string, unknown> = { ...(method === 'get' ? exampleQueryOf(op) : {}), ...(shape ? { shape } : {}) };
      // The legacy shape reads these routes' page 1-based, as the older services did: the example's page 0 is its page 1.
      if (shape === 'legacy' && LEGACY_ONE_BASED_PAGES.has(path.split('/').pop()!) && /^\d+$/.test(String(query.page))) query.page = String(Number(query.page) + 1);
      const body = method === 'post' ? exampleBodyOf(op, resolve) ?? {} : undefined;
      const req = method === 'get' ? h.http().get(path).query(query) : h.http().post(path).query(query).send(body);
      const res = await req.set('X-Admin-Token', ADMIN);
      if (res.status !== 200) {
        problems.push(`${route}: the documented example answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      validated.push(route);
      if (!validate(res.body)) problems.push(`${route}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
    }
    return { problems, validated };
  }

  it('the example answer of every typed operation validates against its schema', async () => {
    const { problems, validated } = await validateExamples(schemaOf);
    expect(problems).toEqual([]);
    expect(validated.length).toBeGreaterThan(0);
  });

  /** The answer `?shape=legacy` gives, where it differs from the normalised one (docs/legacy.md). */
  const legacySchemaOf = (op: any) => op.responses['200']?.['x-legacy-shape']?.schema;

  it('the legacy answer (`?shape=legacy`) of every operation that declares one validates against its legacy schema', async () => {
    const { problems, validated } = await validateExamples(legacySchemaOf, 'legacy');
    expect(problems).toEqual([]);
    // Rebuilt answers (an adapter's own schema) and the default `{ response }` are both exercised.
    expect(validated).toEqual(expect.arrayContaining(['GET /getMusicPlay', 'GET /user/getUserPlaylists', 'GET /getSongInfo', 'GET /downloadMainMusic']));
  });

  it('only the routes whose legacy answer is the normalised one declare no legacy schema', () => {
    const without = operations.filter(({ op }) => schemaOf(op) && !legacySchemaOf(op)).map((o) => o.route).sort();
    expect(without).toEqual(
      [
        'GET /batchGetSongLists',
        'GET /getAltLoginQr',
        'GET /getMainLoginQr',
        'GET /health/live',
        'GET /health/ready',
        'GET /health/upstream',
        'GET /user/getCookie',
        'GET /user/getUserAvatar',
        'GET /user/setCookie',
        // POST /batchGetSongLists declares one: its records under the names they had before the renames (docs/glossary.md)
        'POST /checkAltLoginQr',
        'POST /checkMainLoginQr',
        'POST /getIsSongFan',
        'POST /setFav',
        'POST /user/setCookie',
        // routes apps call that no Koa service has: the same body in both shapes (docs/legacy.md "App routes")
        'GET /song',
        'GET /user/getSingerSubscription',
        'POST /user/setPlaylistSubscription',
        'POST /user/setSingerSubscription',
        'POST /user/setSongFavorite',
      ].sort().filter((route) => operations.some((o) => o.route === route)),
    );
  });

  it('a legacy answer of another shape fails its legacy schema', () => {
    const op = operations.find((o) => o.route === 'GET /getMusicPlay')?.op;
    const validate = ajv.compile(legacySchemaOf(op));
    expect(validate({ data: { playUrl: { '0039MnYb0qxYhV': { url: 'https://x' } } } })).toBe(true);
    expect(validate({ response: { data: {} } })).toBe(false);
    expect(validate({ data: { playUrl: { '0039MnYb0qxYhV': { url: 1 } } } })).toBe(false);
    const raw = ajv.compile(legacySchemaOf(operations.find((o) => o.route === 'GET /user/getUserDetail')?.op));
    expect(raw({ response: { code: 0, anything: [1] } })).toBe(true);
    expect(raw({ code: 0, msg: 'ok', data: {} })).toBe(false);
  });

  it('a field the schema does not declare, or a declared one of another type, fails the validation', () => {
    const op = operations.find((o) => o.route === 'GET /getRanks')?.op;
    const validate = ajv.compile(schemaOf(op));
    const page = { topList: { id: 4, name: '流行指数榜', period: '2026-11-21' }, songInfoList: [{ songId: 1, song_id: 1, songName: 'a', singerName: 'b', rank: 1 }] };
    expect(validate({ code: 0, msg: 'ok', data: page })).toBe(true);
    expect(validate({ code: 0, msg: 'ok', data: { ...page, extra: 1 } })).toBe(false);
    expect(validate({ code: 0, msg: 'ok', data: { ...page, songInfoList: [{ ...page.songInfoList[0], rank: '1' }] } })).toBe(false);
  });
});
