import { TODO } from '../../scripts/scaffold/templates';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEndpoint } from '../../scripts/new-endpoint';
import type { Plan } from '../../scripts/scaffold/plan';

/**
 * `npm run new:endpoint` into a copy of the repository: a musicu read (404, MCP tool), a CGI read (its own row) and a
 * library write, as generated (placeholders in place). The result type-checks, lints, and its generated tests pass
 * against the fake upstream: an author starts from working code. test/unit/new-endpoint.spec.ts covers the command line.
 */
const ROOT = join(__dirname, '..', '..');
/** What the app, the fake, the generated tests and the tools read: copied, node_modules linked. */
const COPIED = ['src', 'fake-upstream', 'test/support', 'mcp', 'docs/upstream', 'docs/mcp.md', 'package.json', 'package-lock.json', 'tsconfig.json', 'jest.config.js', 'eslint.config.mjs'];

const ENDPOINTS: string[][] = [
  ['music', 'getThingFans', '--call', 'music.x.ThingRead.GetThingFans', '--param', 'songmid:songMid', '--not-found', '--tool', 'thing_fans', '--summary', 'A thing\'s fans'],
  ['search', 'getThingHints', '--cgi', '/splcloud/fcgi-bin/thing_hints.fcg', '--param', 'key:text,limit:limit,page:page,flag:bool', '--ttl', '0', '--row'],
  ['library', 'setThingNote', '--write', '--in', 'library-songs', '--call', 'music.x.ThingWrite.SetNote', '--param', 'dissid:playlistId,note:text'],
];

describe('npm run new:endpoint into a copy of the repository', () => {
  let dir: string;
  const plans: Plan[] = [];
  /** A command's output (stdout and stderr); its failure shows them. */
  const run = (command: string, args: string[]): string => {
    const res = spawnSync(command, args, { cwd: dir, encoding: 'utf8', timeout: 300_000 });
    const out = `${res.stdout}${res.stderr}`;
    if (res.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} failed (${res.status ?? res.signal}):\n${out.slice(0, 8000)}`);
    return out;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qqgw-new-endpoint-'));
    for (const path of COPIED) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const argv of ENDPOINTS) plans.push(newEndpoint([...argv, '--root', dir], () => {}));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const written = () => [...new Set(plans.flatMap((p) => p.changes.map((c) => c.file)))];
  const tsFiles = () => written().filter((f) => f.endsWith('.ts'));

  it('writes each part where the conventions put it, and refuses a second run', () => {
    expect(written()).toEqual(
      expect.arrayContaining([
        'src/music/dto/get-thing-fans.dto.ts',
        'src/upstream/clients/music.client.ts',
        'fake-upstream/handlers/search.ts',
        'test/support/endpoints.ts',
        'test/library/set-thing-note.e2e-spec.ts',
        'test/unit/thing-hints.mapper.spec.ts',
        'docs/upstream/library.md',
        'mcp/tools.ts',
        'docs/mcp.md',
      ]),
    );
    expect(readFileSync(join(dir, 'mcp/tools.ts'), 'utf8')).toContain(
      `{ name: 'thing_fans', method: 'get', path: '/getThingFans', listener: '${TODO}: what it does for a listener.', whenPresent: true },`,
    );
    expect(readFileSync(join(dir, 'test/support/endpoints.ts'), 'utf8')).toContain("ownAccount({ path: '/user/setThingNote'");
    expect(() => newEndpoint([...ENDPOINTS[0], '--root', dir], () => {})).toThrow(/already has getThingFans: refusing to overwrite it/);
  });

  it('type-checks and lints', () => {
    // The written files and everything they import (the app, the fake, the test support), with the ambient declarations.
    writeFileSync(join(dir, 'tsconfig.scaffold.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src/types/**/*'], files: tsFiles() }));
    run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.scaffold.json', '--noEmit']);
    run(process.execPath, [join(dir, 'node_modules/eslint/bin/eslint.js'), ...tsFiles()]);
  });

  it('answers through HTTP as its generated tests expect: documented example, upstream request, 400s, the write\'s login', () => {
    const tests = written().filter((f) => f.endsWith('spec.ts'));
    expect(tests).toHaveLength(6);
    const out = run(process.execPath, [join(dir, 'node_modules/jest/bin/jest.js'), '--config', 'jest.config.js', '--colors=false', ...tests]);
    expect(out).toMatch(/tests: \d+ passed, 0 failed/);
  });
});
