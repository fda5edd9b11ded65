import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newEndpoint } from '../../scripts/new-endpoint';
import { parseArgs } from '../../scripts/scaffold/spec';
import { TsEdit } from '../../scripts/scaffold/ts-edit';
import { TODO } from '../../scripts/scaffold/templates';

/**
 * scripts/new-endpoint.ts (`npm run new:endpoint`): its command line, its insertions, and that it writes nothing on a
 * refusal or a dry run. test/scaffold/new-endpoint.e2e-spec.ts runs it into a copy of the repository and compiles,
 * lints and tests what it wrote.
 */
const ROOT = join(__dirname, '..', '..');
const READ = ['music', 'getThingCount', '--call', 'music.x.ThingRead.GetThingCount', '--param', 'songmid:songMid'];

describe('new:endpoint command line', () => {
  it('reads a read with its defaults: cached 300 s, ids required, the area as the file stem', () => {
    expect(parseArgs([...READ, '--param', 'limit:limit,page:page,flag:bool!'])).toMatchObject({
      area: 'music',
      name: 'getThingCount',
      write: false,
      stem: 'music',
      ttl: 300,
      row: false,
      call: { module: 'music.x.ThingRead', method: 'GetThingCount' },
      params: [
        { name: 'songmid', kind: 'songMid', required: true },
        { name: 'limit', kind: 'limit', required: false },
        { name: 'page', kind: 'page', required: false },
        { name: 'flag', kind: 'bool', required: true },
      ],
    });
  });

  it('a write is never cached and always gets its endpoint-table row', () => {
    expect(parseArgs(['library', 'setThing', '--write', '--call', 'm.W.Set', '--in', 'library-songs'])).toMatchObject({ write: true, ttl: 0, row: true, stem: 'library-songs' });
  });

  it.each([
    [['music', 'getThing'], /--call <module.method> or --cgi <path>/],
    [['music', 'GetThing', '--call', 'a.B.c'], /lowerCamelCase/],
    [[...READ, '--param', 'x:uuid'], /unknown kind uuid; one of songMid/],
    [['library', 'setThing', '--write', '--call', 'm.W.Set', '--ttl', '60'], /a write is never cached/],
    [['music', 'getThing', '--call', 'a.B.c', '--param', 'limit:limit', '--not-found'], /--not-found names the thing by its id parameter/],
    [[...READ, '--frobnicate'], /unknown option --frobnicate/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('TsEdit (insertions placed by the syntax tree)', () => {
  it('adds names to an import of the module (a type-only one takes plain names), else a new import after the others', () => {
    const edit = new TsEdit('x.ts', "import { a, type B } from './m';\nimport type { C } from './t';\n\nconst z = 1;\n");
    edit.addImport('./m', ['d'], ['E']);
    edit.addImport('./t', [], ['F']);
    edit.addImport('./n', ['g'], ['H']);
    expect(edit.apply()).toBe("import { a, type B, d, type E } from './m';\nimport type { C, F } from './t';\nimport { g, type H } from './n';\n\nconst z = 1;\n");
  });

  it('continues a multi-line import and a literal in its own comma style', () => {
    const edit = new TsEdit('x.ts', "import {\n  a,\n} from './m';\nconst list = [\n  1,\n  2\n];\nconst map = {\n  x: 1,\n};\n");
    edit.addImport('./m', ['b']);
    edit.addElement(edit.variable('list') as never, '3');
    edit.addElement(edit.variable('map') as never, 'y: 2');
    expect(edit.apply()).toBe("import {\n  a,\n  b,\n} from './m';\nconst list = [\n  1,\n  2,\n  3\n];\nconst map = {\n  x: 1,\n  y: 2,\n};\n");
  });

  it('adds a member before the closing brace of a class, and statements before another or at the end', () => {
    const edit = new TsEdit('x.ts', '/** A. */\nexport class A {\n  a() {}\n}\n');
    edit.addMember(edit.exportedClass()!, '  b() {}');
    edit.addStatement('const before = 1;', edit.statementDeclaring('A'));
    edit.addStatement('const after = 2;');
    expect(edit.apply()).toBe('const before = 1;\n\n/** A. */\nexport class A {\n  a() {}\n\n  b() {}\n}\n\nconst after = 2;\n');
  });
});

describe('new:endpoint on this repository', () => {
  const files = ['src/music/music.controller.ts', 'src/music/music.service.ts', 'src/upstream/clients/music.client.ts', 'test/support/endpoints.ts'];
  const snapshot = () => files.map((f) => readFileSync(join(ROOT, f), 'utf8'));

  it('--dry-run prints the plan and what to fill in, and writes nothing', () => {
    const before = snapshot();
    const lines: string[] = [];
    const plan = newEndpoint([...READ, '--not-found', '--dry-run', '--root', ROOT], (line) => lines.push(line));
    expect(snapshot()).toEqual(before);
    expect(plan.changes.map((c) => `${c.action} ${c.file}`)).toEqual([
      'edit docs/upstream/music.md',
      'edit fake-upstream/handlers/music.ts',
      'create src/music/dto/get-thing-count.dto.ts',
      'edit src/music/music.answers.ts',
      'edit src/music/music.controller.ts',
      'edit src/music/music.mapper.ts',
      'edit src/music/music.service.ts',
      'edit src/upstream/clients/music.client.ts',
      'create test/music/thing-count.e2e-spec.ts',
      'create test/unit/thing-count.mapper.spec.ts',
    ]);
    const out = lines.join('\n');
    expect(out).toContain('dry run, nothing written');
    expect(out).toMatch(/would edit {3}src\/music\/music\.controller\.ts +MusicController\.getThingCount \(GET \/getThingCount\)/);
    expect(out).toContain(`Fill in next (each place is marked ${TODO}):`);
    expect(out).toContain('src/music/music.mapper.ts mapThingCount: read upstream.data');
  });

  it('refuses to overwrite: a method, a DTO file or a row that exists stops it before anything is written', () => {
    const before = snapshot();
    expect(() => newEndpoint(['music', 'getSongInfo', '--call', 'a.B.c', '--root', ROOT], () => {})).toThrow(
      'src/music/music.controller.ts: MusicController already has getSongInfo: refusing to overwrite it',
    );
    expect(() => newEndpoint(['music', 'getAlbumInfoTwo', '--call', 'a.B.c', '--param', 'albummid:albumMid', '--path', '/getAlbumInfo', '--row', '--root', ROOT], () => {})).toThrow(
      'test/support/endpoints.ts has a row for /getAlbumInfo already',
    );
    expect(() => newEndpoint(['library', 'setThing', '--write', '--call', 'm.W.Set', '--root', ROOT], () => {})).toThrow('src/library/library.controller.ts does not exist');
    expect(snapshot()).toEqual(before);
  });

  // A scaffolded endpoint works as generated; the marked placeholders are what its author still owes.
  it(`leaves no ${TODO} placeholder in the tree`, () => {
    let found = '';
    try {
      found = execFileSync('grep', ['-rln', '--exclude-dir=node_modules', TODO, 'src', 'fake-upstream', 'test', 'docs', 'mcp'], { cwd: ROOT, encoding: 'utf8' });
    } catch (err) {
      if ((err as { status?: number }).status !== 1) throw err; // 1: nothing found
    }
    expect(found.split('\n').filter((f) => f && f !== 'test/unit/new-endpoint.spec.ts')).toEqual([]);
  });
});
