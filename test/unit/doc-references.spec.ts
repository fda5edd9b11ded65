import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Every reference to a doc section in the repository resolves. Code, comments and docs point at sections as
 * `docs/upstream/README.md "Android retry"`, `login.md "Errors"` (inside docs, relative to the referring doc's folder),
 * `[login.md](login.md) "Errors"`, or as a markdown link `[…](upstream/music.md#quality-ladder)`; a section
 * renamed or moved leaves them pointing at nothing, and no reader notices until they follow one. A title names a
 * heading (`#` to `####`) exactly; a bold paragraph label is not a section.
 */

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src', 'fake-upstream', 'scripts', 'mcp', 'test', 'docs', 'clients', 'README.md', 'CONTRIBUTING.md'];

interface DocReference {
  /** The referring file, relative to the repository root. */
  from: string;
  line: number;
  /** The doc as written: `docs/operations.md`, `music.md`, `README`, or '' for a link to an anchor of the same file. */
  target: string;
  /** A section title ("Errors") or a link's anchor (`#upstream-canary`). */
  section: string;
  kind: 'title' | 'anchor';
}

/**
 * A doc path (or the bare word README) then a quoted title, the path possibly closing a markdown link and the title
 * possibly on the next line of a comment: `docs/upstream/README.md "Android retry"`, `[login.md](login.md) "Errors"`.
 */
const TITLE_REFERENCE = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md|README(?![\w.]))\)?,?(?:[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*)["“]([^"”]{1,100}?)["”]/g;

/** A markdown link to an anchor of an in-repo doc or of the same file: `[x](upstream/music.md#quality-ladder)`, `[x](#errors)`. */
const ANCHOR_LINK = /\]\(((?:[\w.-]+\/)*(?:[\w.-]+\.md)?)#([^)\s]+)\)/g;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The references of one file's text (anchor links are read in markdown only: in code they are text for a doc elsewhere). */
function referencesIn(from: string, text: string): DocReference[] {
  const found: DocReference[] = [];
  for (const m of text.matchAll(TITLE_REFERENCE)) {
    // a title wrapped over two comment lines reads as one
    const section = m[2].replace(/[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*/g, ' ');
    found.push({ from, line: lineOf(text, m.index), target: m[1], section, kind: 'title' });
  }
  if (from.endsWith('.md')) {
    for (const m of text.matchAll(ANCHOR_LINK)) found.push({ from, line: lineOf(text, m.index), target: m[1], section: `#${m[2]}`, kind: 'anchor' });
  }
  return found;
}

/** The `#`..`####` headings of a markdown text, outside fenced code blocks, as written. */
function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (!fence || fence === marker)) fence = fence ? undefined : marker;
    if (fence) continue;
    const heading = /^#{1,4}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) headings.push(heading[1]);
  }
  return headings;
}

/** A heading as GitHub displays it: code spans, emphasis and link syntax removed. */
const headingText = (heading: string): string => heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');

/** GitHub's anchors of a doc's headings: lower case, punctuation but `-` and `_` dropped, spaces as `-`, repeats numbered. */
function anchorsOf(headings: string[]): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headings) {
    const slug = headingText(heading).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

const fileText = new Map<string, string | undefined>();
function readDoc(path: string): string | undefined {
  if (!fileText.has(path)) fileText.set(path, existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
  return fileText.get(path);
}

/**
 * The files a reference may mean, first the nearest: beside the referring file, from the root, under docs/ (a code
 * string rendered into a doc there, such as endpoints.md's). A bare README in prose is its folder's or the root's.
 */
function candidatesOf(ref: DocReference): string[] {
  const here = dirname(join(ROOT, ref.from));
  if (ref.target === '') return [join(ROOT, ref.from)];
  if (ref.target === 'README') return [join(here, 'README.md'), join(ROOT, 'README.md')];
  return [join(here, ref.target), join(ROOT, ref.target), join(ROOT, 'docs', ref.target)];
}

/** What is wrong with a reference, or undefined when its doc has the section. */
function problemOf(ref: DocReference): string | undefined {
  const where = `${ref.from}:${ref.line} ${ref.target || '(same file)'} ${ref.kind === 'title' ? `"${ref.section}"` : ref.section}`;
  const existing = candidatesOf(ref).filter((path) => readDoc(path) !== undefined);
  if (!existing.length) return `${where}: no such file`;
  // A path names one file, the nearest; the bare word README may mean either.
  const docs = ref.target === 'README' ? existing : existing.slice(0, 1);
  const found = docs.some((path) => {
    const headings = headingsOf(readDoc(path) as string);
    return ref.kind === 'title'
      ? headings.some((heading) => heading === ref.section || headingText(heading) === ref.section)
      : anchorsOf(headings).has(decodeURIComponent(ref.section.slice(1)));
  });
  return found ? undefined : `${where}: ${docs.map((path) => relative(ROOT, path)).join(' or ')} has no such ${ref.kind === 'title' ? 'heading' : 'anchor'}`;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

const TEXT_FILE = /\.(ts|js|mjs|cjs|md|json|txt)$/;

function repositoryReferences(): DocReference[] {
  return SCANNED.flatMap((p) => filesUnder(join(ROOT, p)))
    .filter((file) => TEXT_FILE.test(file))
    .flatMap((file) => referencesIn(relative(ROOT, file), readFileSync(file, 'utf8')));
}

describe('references to doc sections', () => {
  const references = repositoryReferences();

  it('are found in code, comments and docs (the scan is not vacuous)', () => {
    expect(references.filter((r) => r.kind === 'title').length).toBeGreaterThan(80);
    expect(references.filter((r) => r.kind === 'anchor').length).toBeGreaterThan(20);
    expect(new Set(references.map((r) => r.from.split('/')[0])).size).toBeGreaterThanOrEqual(5);
  });

  it('every one names a doc that exists and a heading (or GitHub anchor) it has', () => {
    expect(references.map(problemOf).filter(Boolean)).toEqual([]);
  });

  it('tells a good reference from a bad one (self-check on known strings)', () => {
    // Built from parts so the scan above does not read these sample references in this file.
    const sample = (...parts: string[]) => parts.join(' ');
    const text = [
      sample('docs/operations.md', '"Errors"'),
      sample('docs/operations.md', '"No such section"'),
      sample('docs/no-such-doc.md', '"Errors"'),
      sample('upstream/README.md', '"Android retry"'),
      sample('[music](music.md)', '"Quality levels"'),
      sample('(see', 'README', '"Configuration")'),
      `${sample('a long comment naming docs/upstream/music.md', '\n *')} "Quality ladder"`,
      '[x](operations.md#upstream-canary) [y](upstream/music.md#no-such-anchor) [z](#errors) [w](https://example.com/a.md#x)',
    ].join('\n');
    const found = referencesIn('docs/sample.md', text);
    expect(found.map((r) => `${r.target} ${r.section}`)).toEqual([
      'docs/operations.md Errors',
      'docs/operations.md No such section',
      'docs/no-such-doc.md Errors',
      'upstream/README.md Android retry',
      'music.md Quality levels',
      'README Configuration',
      'docs/upstream/music.md Quality ladder',
      'operations.md #upstream-canary',
      'upstream/music.md #no-such-anchor',
      ' #errors',
    ]);
    const problems = found.map((r) => [r.target, r.section, problemOf(r)] as const).filter(([, , problem]) => problem);
    expect(problems.map(([target, section]) => `${target} ${section}`)).toEqual([
      'docs/operations.md No such section',
      'docs/no-such-doc.md Errors',
      'upstream/music.md #no-such-anchor',
      // docs/sample.md does not exist, so it has no anchors of its own
      ' #errors',
    ]);
    expect(problems[0][2]).toBe(sample('docs/sample.md:2 docs/operations.md', '"No such section": docs/operations.md has no such heading'));
    expect(problems[1][2]).toBe(sample('docs/sample.md:3 docs/no-such-doc.md', '"Errors": no such file'));
  });

  it('reads anchors as GitHub does', () => {
    expect([...anchorsOf(['Errors', 'GET /getRanks', '`x-cache-ttl` and caching', 'Errors', 'Collect / uncollect an album', '周杰伦 (Jay Chou)'])]).toEqual([
      'errors',
      'get-getranks',
      'x-cache-ttl-and-caching',
      'errors-1',
      'collect--uncollect-an-album',
      '周杰伦-jay-chou',
    ]);
    expect(headingsOf('# Title\n```sh\n# not a heading\n```\n#### Deep\n##### Too deep\n#no-space')).toEqual(['Title', 'Deep']);
  });
});
