import { KINDS, type Param, parseParam } from './params';

/** What `npm run new:endpoint` is asked for (see usage()). */
export interface EndpointSpec {
  area: string;
  name: string;
  write: boolean;
  /** The file stem of the controller, service, answers and mapper in src/<area>/ (default: the area). */
  stem: string;
  /** The route path (default `/<controller prefix>/<name>`). */
  path?: string;
  params: Param[];
  call: { module: string; method: string } | { cgi: string };
  summary?: string;
  description?: string;
  /** @CacheTTL seconds of a read; 0: never cached. */
  ttl: number;
  /** The mapper may answer null: 404 for an unknown thing, named by the first id parameter. */
  notFound: boolean;
  /** An MCP tool name (mcp/tools.ts). */
  tool?: string;
  /** A hand row in test/support/endpoints.ts for a read too (writes always get one). */
  row: boolean;
  /** The heading of the call's section in docs/upstream/<area>.md. */
  section?: string;
  dryRun: boolean;
  root?: string;
}

export const USAGE = `npm run new:endpoint -- <area> <name> [--write] [options]

  <area>                 a folder of src/ (music, singers, library…); its controller, service, upstream client
                         (src/upstream/clients/<area>.client.ts) and fake handlers (fake-upstream/handlers/<area>.ts) must exist
  <name>                 the route and method name, lowerCamelCase (getSongFavCount)
  --write                a library write (POST, the caller's own login, LibraryAccount.send, cache invalidation)
  --call <module.method> the musicu call (e.g. music.musicasset.SongFavRead.GetSongFansNumberById)
  --cgi <path>           or a c.y.qq.com CGI (e.g. /splcloud/fcgi-bin/smartbox_new.fcg)
  --param <name>:<kind>  a query parameter (a body field with --write); repeat or separate by commas. Kinds:
                         ${Object.keys(KINDS).join(', ')}; add ? (optional) or ! (required)
  --summary <text>       the OpenAPI summary (default: the section heading)
  --description <text>   the OpenAPI description (default: the upstream call and its docs/upstream section)
  --ttl <seconds>        a read's @CacheTTL (default 300; 0: never cached)
  --not-found            the mapper answers null for an unknown thing: 404 <THING>_NOT_FOUND (first id parameter)
  --tool <snake_name>    also serve it as an MCP tool (mcp/tools.ts, docs/mcp.md)
  --row                  also give a read a hand row in test/support/endpoints.ts (a fallback, documented errors)
  --in <stem>            use src/<area>/<stem>.{controller,service,answers,mapper}.ts (default: <area>)
  --path <path>          the route path (default: /<controller prefix>/<name>)
  --section <heading>    its section in docs/upstream/<area>.md (default: from the name, e.g. "Song fav count")
  --dry-run              print what would be written, write nothing
  --root <dir>           the repository to write into (default: this one)
`;

const FLAGS_WITH_VALUE = new Set(['call', 'cgi', 'param', 'summary', 'description', 'ttl', 'tool', 'in', 'path', 'section', 'root']);
const BOOLEAN_FLAGS = new Set(['write', 'not-found', 'row', 'dry-run']);

/** The command line as an EndpointSpec; throws a message naming what is wrong. */
export function parseArgs(argv: string[]): EndpointSpec {
  const positional: string[] = [];
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = arg.slice(2, eq > 0 ? eq : undefined);
    if (BOOLEAN_FLAGS.has(flag) && eq < 0) {
      flags.add(flag);
    } else if (FLAGS_WITH_VALUE.has(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new Error(`--${flag} needs a value`);
      values.set(flag, [...(values.get(flag) ?? []), value]);
    } else {
      throw new Error(`unknown option ${arg}`);
    }
  }
  const one = (flag: string): string | undefined => {
    const v = values.get(flag);
    if (v && v.length > 1) throw new Error(`--${flag} given twice`);
    return v?.[0];
  };
  if (positional.length !== 2) throw new Error('expected <area> <name>');
  const [area, name] = positional;
  if (!/^[a-z][a-z0-9-]*$/.test(area)) throw new Error(`area ${area}: a folder name of src/ (lower case)`);
  if (!/^[a-z][A-Za-z0-9]*$/.test(name) || !/[A-Z]/.test(name)) throw new Error(`name ${name}: lowerCamelCase, e.g. getSongFavCount`);
  const write = flags.has('write');
  const callText = one('call');
  const cgi = one('cgi');
  if (!!callText === !!cgi) throw new Error('give the upstream call: --call <module.method> or --cgi <path> (research it first: docs/upstream/README.md)');
  let call: EndpointSpec['call'];
  if (callText) {
    const m = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\.([A-Za-z_]\w*)$/.exec(callText);
    if (!m) throw new Error(`--call ${callText}: expected <module>.<method>, e.g. music.musicasset.SongFavRead.GetSongFansNumberById`);
    call = { module: m[1], method: m[2] };
  } else {
    if (write) throw new Error('--write sends a musicu write: give --call');
    if (!/^\/[\w./-]+$/.test(cgi!)) throw new Error(`--cgi ${cgi}: expected a path such as /splcloud/fcgi-bin/smartbox_new.fcg`);
    call = { cgi: cgi! };
  }
  const params = (values.get('param') ?? []).flatMap((v) => v.split(',')).filter(Boolean).map(parseParam);
  const seen = new Set<string>();
  for (const p of params) {
    if (seen.has(p.name)) throw new Error(`--param ${p.name} given twice`);
    seen.add(p.name);
  }
  const ttlText = one('ttl');
  const ttl = ttlText === undefined ? 300 : Number(ttlText);
  if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`--ttl ${ttlText}: whole seconds, 0 for never cached`);
  if (write && ttlText !== undefined) throw new Error('--ttl: a write is never cached');
  const notFound = flags.has('not-found');
  if (notFound && !params.some((p) => KINDS[p.kind].notFound)) {
    throw new Error(`--not-found names the thing by its id parameter: give a --param of kind ${Object.entries(KINDS).filter(([, k]) => k.notFound).map(([n]) => n).join(', ')}`);
  }
  const tool = one('tool');
  if (tool !== undefined && !/^[a-z][a-z0-9_]*$/.test(tool)) throw new Error(`--tool ${tool}: snake_case, e.g. song_fav_count`);
  const path = one('path');
  if (path !== undefined && !/^\/[A-Za-z0-9/_-]+$/.test(path)) throw new Error(`--path ${path}: e.g. /user/setPlaylistDesc`);
  if (write && flags.has('row')) throw new Error('--row: a write always gets its row');
  return {
    area,
    name,
    write,
    stem: one('in') ?? area,
    path,
    params,
    call,
    summary: one('summary'),
    description: one('description'),
    ttl: write ? 0 : ttl,
    notFound,
    tool,
    row: write || flags.has('row'),
    section: one('section'),
    dryRun: flags.has('dry-run'),
    root: one('root'),
  };
}
