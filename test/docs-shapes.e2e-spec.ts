import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QQ_UIN, qqLogin } from './credentials.helpers';
import { Harness, startHarness } from './support/harness';

/**
 * The endpoint tables of docs/*.md give each GET's answer as a sketch, `{ key, list: [{ a, b? }], other: { c } }`, which
 * a client developer types against. Each sketch is compared with the answer the running app (fake upstream, a stored
 * QQ login) gives to the OpenAPI example call: every key it names is answered (unless marked `?`), with the same
 * nesting, and every key answered is named (unless the sketch ends in `…`).
 */

/** A sketch as a tree: an object's keys (`?` kept on optional ones), an array's item, or a leaf (any value). */
type Sketch = { keys: Record<string, Sketch>; open: boolean } | { item: Sketch | null } | { leaf: true };

/** Parses a sketch; values that are not objects or arrays of objects (`'…'`, `<song summary>`, `[url]`, notes in parentheses) are leaves. */
function parseSketch(text: string): Sketch {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${at} of ${text}`);
  };
  const spaces = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  /** Skips a leaf value up to the `,` `}` or `]` that ends it (quotes, <…> and (…) may hold those). */
  const skipLeaf = () => {
    let depth = 0;
    while (at < text.length) {
      const c = text[at];
      const close = { "'": "'", '<': '>', '(': ')' }[c];
      if (close) {
        at = text.indexOf(close, at + 1) + 1 || fail(`unclosed ${c}`);
        continue;
      }
      if (depth === 0 && (c === ',' || c === '}' || c === ']')) return;
      if (c === '{' || c === '[') depth++;
      if (c === '}' || c === ']') depth--;
      at++;
    }
  };
  const value = (): Sketch => {
    spaces();
    if (text[at] === '{') return object();
    if (text[at] === '[') {
      at++;
      spaces();
      const item = text[at] === '{' ? object() : (skipLeaf(), null);
      spaces();
      if (text[at++] !== ']') fail('expected ]');
      return { item };
    }
    skipLeaf();
    return { leaf: true };
  };
  const object = (): Sketch => {
    at++;
    const keys: Record<string, Sketch> = {};
    let open = false;
    for (;;) {
      spaces();
      if (text[at] === '}') return at++, { keys, open };
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text.startsWith('…', at) || text.startsWith('...', at)) {
        open = true;
        at += text[at] === '…' ? 1 : 3;
        continue;
      }
      const name = /^[A-Za-z_$][\w$]*\??/.exec(text.slice(at))?.[0] ?? fail('expected a key');
      at += name.length;
      spaces();
      keys[name] = text[at] === ':' ? (at++, value()) : { leaf: true };
      spaces();
      if (text[at] !== ',' && text[at] !== '}') skipLeaf(); // a note after the key, e.g. `publicTime (YYYY-MM-DD)`
    }
  };
  return value();
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where an answer departs from its sketch (null and absent values are not compared further: "not known"). */
function sketchDifferences(sketch: Sketch, answered: unknown, where: string): string[] {
  if (answered === null || answered === undefined || 'leaf' in sketch) return [];
  if ('item' in sketch) {
    if (!Array.isArray(answered)) return [`${where}: sketched as a list, answered ${jsonType(answered)}`];
    return sketch.item && answered.length ? sketchDifferences(sketch.item, answered[0], `${where}[0]`) : [];
  }
  if (jsonType(answered) !== 'object') return [`${where}: sketched as an object, answered ${jsonType(answered)}`];
  const object = answered as Record<string, unknown>;
  const named = Object.keys(sketch.keys).map((key) => key.replace(/\?$/, ''));
  return [
    ...Object.entries(sketch.keys).flatMap(([key, inner]) => {
      const name = key.replace(/\?$/, '');
      if (name in object) return sketchDifferences(inner, object[name], `${where}.${name}`);
      return key.endsWith('?') ? [] : [`${where}.${name}: in the docs, not answered`];
    }),
    ...(sketch.open ? [] : Object.keys(object).filter((key) => !named.includes(key)).map((key) => `${where}.${key}: answered, not in the docs`)),
  ];
}

interface Row {
  file: string;
  path: string;
  sketch: string;
}

/** Every `| \`GET /path\` | … | \`{ … }\` … |` row of docs/*.md: the first `{…}` in backticks of its last column. */
function documentedGets(): Row[] {
  const dir = join(__dirname, '..', 'docs');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const path = /^\| `GET (\/[\w/]+)`/.exec(line)?.[1];
          const returns = line.split('|').at(-2) ?? '';
          const sketch = /`(\{.*?\})`/.exec(returns)?.[1];
          return path && sketch ? [{ file, path, sketch }] : [];
        }),
    );
}

describe('the answer sketches of docs/*.md match the answers', () => {
  let h: Harness;
  let doc: any;

  beforeAll(async () => {
    h = await startHarness({ cookieFile: qqLogin() });
    doc = (await h.http().get('/docs-json').expect(200)).body;
  });
  afterAll(() => h.close());

  it('parses sketches: keys, optional keys, lists of objects, leaves and notes', () => {
    const sketch = parseSketch("{ a, b?: [{ c, d (YYYY-MM-DD) }], e: { f: 'x, y' }, g: [url], h: <song summary> }");
    expect(sketchDifferences(sketch, { a: 1, b: [{ c: 1, d: '2026-01-01' }], e: { f: 'z' }, g: ['u'], h: {} }, 'x')).toEqual([]);
    expect(sketchDifferences(sketch, { a: 1, e: { f: 1 }, g: [], h: 1 }, 'x')).toEqual([]);
    expect(sketchDifferences(sketch, { b: [{ c: 1, d: 1, extra: 2 }], e: [], g: [], h: 1, z: 0 }, 'x')).toEqual([
      'x.a: in the docs, not answered',
      'x.b[0].extra: answered, not in the docs',
      'x.e: sketched as an object, answered array',
      'x.z: answered, not in the docs',
    ]);
    expect(sketchDifferences(parseSketch('{ a, … }'), { a: 1, b: 2 }, 'x')).toEqual([]);
  });

  it('every documented GET sketch names exactly the keys of its answer', async () => {
    const rows = documentedGets();
    const differences: string[] = [];
    for (const { file, path, sketch } of rows) {
      const parameters: any[] = doc.paths[path]?.get?.parameters ?? [];
      const query = Object.fromEntries(
        parameters.filter((p) => p.in === 'query' && (p.example ?? p.schema?.example) !== undefined).map((p) => [p.name, String(p.example ?? p.schema.example)]),
      );
      // A user route asks for the stored login's own account, which the fake knows (the example uin is anyone's).
      if ('uin' in query) query.uin = QQ_UIN;
      const res = await h.http().get(path).query(query);
      if (res.status !== 200) {
        differences.push(`${file} ${path}: the example call answered ${res.status}`);
        continue;
      }
      const tree = parseSketch(sketch);
      // Most sketches are the envelope's data; a few (getSongInfo, the user routes) sketch the whole body.
      const whole = 'keys' in tree && ['code', 'response'].some((key) => key in tree.keys);
      differences.push(...sketchDifferences(tree, whole ? res.body : res.body.data, `${file} ${path}`));
    }
    expect(differences).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });
});
