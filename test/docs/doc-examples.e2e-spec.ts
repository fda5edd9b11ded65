import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { qqLogin } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';
import { type DocExample, extractExamples, type NotRun, parseCurl, shellWords } from './doc-examples';

/**
 * Every `curl` example in README.md and docs/*.md runs as pasted against the demo: the app and the fake upstream (what
 * `npm run start:demo` runs), with what the demo knows: its catalogue's songs, the fake's users (uin 10001…), the
 * stored login its QR walk-through leaves (docs/login.md "Trying it offline"), and ADMIN_TOKEN as the demo is started
 * with it. docs/endpoints.md is included: its examples are generated from the OpenAPI examples, and a reader pastes
 * them too. Each must answer the status its comment shows (`# → 401`), else a 2xx, with the top-level keys its comment
 * shows (`# → { img, qrsig }`). `<name>` placeholders are filled from an earlier answer of the same block (the login
 * walk uses the qrsig the QR call gave) or from the demo (`<ADMIN_TOKEN>`, `<ptlogin origin>`). An example that cannot
 * run offline is marked `# not run by the tests: <why>` on the line before: counted here, never silently failing.
 */

const ROOT = join(__dirname, '..', '..');
/** What the docs tell a demo user to start with: `ADMIN_TOKEN=demo-admin-token-0123456789 npm run start:demo`. */
const ADMIN_TOKEN = 'demo-admin-token-0123456789';
const GATEWAY_ORIGINS = ['http://localhost:3200', 'http://127.0.0.1:3200', 'localhost:3200'];

const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const examples: DocExample[] = [];
const notRun: NotRun[] = [];
for (const file of files) {
  const found = extractExamples(readFileSync(join(ROOT, file), 'utf8'), file);
  examples.push(...found.examples);
  notRun.push(...found.notRun);
}

/** Top-level string fields of an answer (and of its `data`), for the placeholders of later examples in the block. */
function remember(vars: Map<string, string>, body: unknown): void {
  for (const source of [body, (body as { data?: unknown } | undefined)?.data]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') vars.set(key, value);
  }
}

function fill(text: string, vars: Map<string, string>, where: string): string {
  return text.replace(/<([A-Za-z_][\w .]*?)(, URL-encoded)?>/g, (_all, name: string, encoded?: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`${where}: no value for the placeholder <${name}> (not in an earlier answer of the block)`);
    return encoded ? encodeURIComponent(value) : value;
  });
}

/**
 * Where the documented answer shows a non-empty list and the example's answer has an empty one: a reader pasting the
 * example does not see what the doc shows (`/getSmartbox?key=jay` answered empty lists).
 */
function emptied(documented: unknown, answered: unknown, path = ''): string[] {
  if (Array.isArray(documented) && Array.isArray(answered)) {
    if (documented.length && !answered.length) return [path];
    return documented.length ? emptied(documented[0], answered[0], `${path}[0]`) : [];
  }
  if (!documented || !answered || typeof documented !== 'object' || typeof answered !== 'object') return [];
  return Object.entries(documented).flatMap(([key, value]) => emptied(value, (answered as Record<string, unknown>)[key], path ? `${path}.${key}` : key));
}

/** Lists the demo answers empty although the doc shows items, each for a reason that is not the example's fault. */
const EMPTY_IN_THE_DEMO: Record<string, string> = {
  '/getRecommend data.errors': 'lists the modules that failed: empty when none did (the doc shows a partial failure)',
  '/getMvPlay data.playLists.f10': "the fake's MV files carry no f10 URL (upstream often has none: docs/upstream/mv.md)",
  '/getSmartbox data.mvs': "the fake's MV list (a recording) holds no MV of the catalogue's singers",
  '/searchByType data.list': "the fake's playlists (a recording of one tag) have none named after a singer",
};

describe('the curl examples of README.md and docs/*.md', () => {
  let h: Harness;

  let document: any;

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN, ALT_LOGIN_POLL_TIMEOUT_MS: '2000' }, cookieFile: qqLogin() });
    document = await (await fetch(`${h.url}/docs-json`)).json();
  });

  /** The answer example the document shows for an operation (the whole body: envelope or not). */
  const documentedAnswer = (method: string, path: string): unknown => {
    const schema = document.paths[path]?.[method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    const data = schema.properties?.data?.example;
    return data !== undefined ? { ...schema.example, data } : schema.example;
  };
  afterAll(() => h.close());

  it('finds the examples, and counts those marked as not runnable offline', () => {
    expect(examples.length).toBeGreaterThanOrEqual(90);
    expect([...new Set(examples.map((e) => e.file))]).toEqual(expect.arrayContaining(['README.md', 'docs/endpoints.md', 'docs/login.md', 'docs/user.md']));
    // Each marked one says why; the list is short and named here so a new one is a decision, not a way out.
    expect(notRun.map((n) => `${n.file}: ${n.reason}`)).toEqual([
      "docs/operations.md: needs the compose deployment's Redis and second instance (the offline demo has neither)",
    ]);
  });

  const byBlock = new Map<string, DocExample[]>();
  for (const ex of examples) {
    const key = `${ex.file} block ${ex.block}`;
    byBlock.set(key, [...(byBlock.get(key) ?? []), ex]);
  }

  it.each([...byBlock.entries()])('%s', async (_name, block) => {
    // Each block starts from the demo as started: its stored login, the fake's first state.
    h.writeCookieFile(qqLogin());
    h.fake.reset();
    const vars = new Map<string, string>([
      ['ADMIN_TOKEN', ADMIN_TOKEN],
      ['ptlogin origin', h.fake.origins.ptlogin],
      ['wxLp origin', h.fake.origins.wxLp],
      ['mu origin', h.fake.origins.mu],
      // `qqmusic_key=Q_H_L_<key>`: the demo takes any key.
      ['key', 'demoKey'],
    ]);
    const failures: string[] = [];
    for (const ex of block) {
      const where = `${ex.file}:${ex.line}`;
      const { words } = shellWords(ex.command, { ADMIN_TOKEN });
      const request = parseCurl(words.map((w) => fill(w, vars, where)));
      let url = request.url;
      for (const origin of GATEWAY_ORIGINS) if (url.startsWith(origin) || url.startsWith(`http://${origin}`)) url = h.url + url.slice(url.indexOf(origin) + origin.length);
      const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const statusOk = ex.status !== undefined ? response.status === ex.status : response.status >= 200 && response.status < 300;
      if (!statusOk) failures.push(`${where} ${ex.command}\n  → ${response.status} ${text.slice(0, 300)}`);
      const missing = (ex.keys ?? []).filter((k) => !body || typeof body !== 'object' || !(k in body));
      if (missing.length) failures.push(`${where} ${ex.command}\n  → no ${missing.join(', ')} in ${text.slice(0, 300)}`);
      if (ex.file === 'docs/endpoints.md' && statusOk) {
        const path = new URL(url).pathname;
        for (const field of emptied(documentedAnswer(request.method, path), body)) {
          if (!EMPTY_IN_THE_DEMO[`${path} ${field}`]) failures.push(`${where}: ${field} is empty; the doc shows items there`);
        }
      }
      remember(vars, body);
    }
    expect(failures).toEqual([]);
  });
});
