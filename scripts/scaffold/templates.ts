import type { Context } from './plan';
import { KINDS, type Param } from './params';

/**
 * The code `npm run new:endpoint` writes, as template strings. Everything compiles and passes its tests as written (the
 * answer echoes the ids asked for, the fake answers `{}`); the lines marked TODO(new:endpoint) are what the author
 * replaces with what the upstream research found.
 */

export const TODO = 'TODO(new:endpoint)';

/** A string as a single-quoted TypeScript literal. */
export const q = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A JSON value as TypeScript source. */
const literal = (value: unknown): string => {
  if (typeof value === 'string') return q(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k)}: ${literal(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
};

/** A doc comment at `indent`: one line when it fits in 120 columns, else wrapped. */
export function doc(text: string, indent = ''): string {
  if (indent.length + text.length + 7 <= 120 && !text.includes('\n')) return `${indent}/** ${text} */`;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && indent.length + 3 + line.length + 1 + word.length > 120) {
        lines.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`].join('\n');
}

const exampleOf = (p: Param, write: boolean) => KINDS[p.kind].example(write);
/** The documented example request (every parameter's example, as Swagger UI sends it). */
const exampleRequest = (c: Context): Record<string, unknown> => Object.fromEntries(c.spec.params.map((p) => [p.name, exampleOf(p, c.spec.write)]));
/** The parameters as the client receives them (the DTO's fields). */
const paramsType = (c: Context): string =>
  `{ ${c.spec.params.map((p) => `${p.name}${!p.required && KINDS[p.kind].initial === undefined ? '?' : ''}: ${KINDS[p.kind].type}`).join('; ')} }`;
const passThrough = (c: Context, from: string): string => `{ ${c.spec.params.map((p) => `${p.name}: ${from}.${p.name}`).join(', ')} }`;
const docRef = (c: Context): string => `docs/upstream/${c.spec.area}.md "${c.n.section}"`;
const callName = (c: Context): string => ('module' in c.spec.call ? c.spec.call.method : c.spec.call.cgi.split('/').pop()!);
const method = (c: Context): 'GET' | 'POST' => (c.spec.write ? 'POST' : 'GET');
const arg = (c: Context): string => (c.spec.write ? 'body' : 'query');
/** The answer's fields: the things asked for, echoed (the author adds what upstream answers). */
const answerFields = (c: Context): { name: string; description: string; example: unknown; schema: string; from: string }[] => {
  const echoed = c.spec.params
    .filter((p) => KINDS[p.kind].field)
    .map((p) => ({ name: KINDS[p.kind].field!, description: `The ${p.name} asked for.`, example: exampleOf(p, c.spec.write), schema: 'Str', from: `${arg(c)}.${p.name}` }));
  return echoed.length ? echoed : [{ name: 'ok', description: `${TODO}: the answer's fields.`, example: true, schema: 'Bool', from: 'true' }];
};

// ------------------------------------------------------------------------------------------------ src/<area>

export function dto(c: Context): string {
  const imports = [...new Set(c.spec.params.flatMap((p) => KINDS[p.kind].imports))].sort((a, b) => a.localeCompare(b));
  const fields = c.spec.params.map((p) => {
    const kind = KINDS[p.kind];
    const declaration = p.required ? `${p.name}!: ${kind.type};` : kind.initial !== undefined ? `${p.name}: ${kind.type} = ${kind.initial};` : `${p.name}?: ${kind.type};`;
    return `  ${kind.decorator(p, c.spec.write)}\n  ${declaration}`;
  });
  return `import { ${imports.join(', ')} } from '../../common/validation';

/** ${method(c)} ${c.path}${c.spec.write ? ': its JSON body' : ''}. */
export class ${c.n.dtoClass} {
${fields.join('\n\n')}
}
`;
}

export const NEW_ANSWERS = `/** What the routes of this file's controller answer (decision 021: each schema is also the type its mapper returns). */\n`;
export const NEW_MAPPER = `/** Upstream answers → the routes' answers. Pure; unit-tested. */\n`;

export function answerSchema(c: Context): { code: string; imports: string[] } {
  const fields = answerFields(c);
  const schemas = [...new Set(fields.map((f) => f.schema))];
  const code = `// ---------------------------------------------------------------- ${method(c)} ${c.path}

${doc(`${method(c)} ${c.path}'s \`data\`. ${TODO}: the fields the mapper reads upstream for (lowerCamelCase, \`Mid\`/\`Id\` suffixes).`)}
export const ${c.n.answer} = Obj({
${fields.map((f) => `  ${f.name}: ${f.schema}({ description: ${q(f.description)} }),`).join('\n')}
});
export type ${c.n.answer} = Static<typeof ${c.n.answer}>;

/** The answer to the documented example request: the controller shows it, the e2e test expects it. */
export const ${c.n.example}: ${c.n.answer} = ${literal(Object.fromEntries(fields.map((f) => [f.name, f.example])))};`;
  return { code, imports: ['Obj', ...schemas] };
}

export function mapper(c: Context): string {
  const nullable = c.spec.notFound ? ' | null' : '';
  const fields = answerFields(c);
  // A stub that reads nothing of the request names it unused (`_query`) until it does.
  const request = fields.some((f) => f.from.startsWith(`${arg(c)}.`)) ? arg(c) : `_${arg(c)}`;
  const params = [
    ...(c.spec.params.length ? [`${request}: ${c.n.dtoClass}`] : []),
    c.spec.write ? '_data: Record<string, any>' : `_upstream: ${c.n.upstreamType}`,
  ].join(', ');
  const why = c.spec.notFound ? ` Null when upstream knows no such ${KINDS[c.idParam!.kind].notFound!.thing} (404).` : '';
  const comment = `${callName(c)}'s answer → ${method(c)} ${c.path}'s \`data\` (${docRef(c)}).${why}\n${TODO}: read ${c.spec.write ? '`_data` (the write key\'s data)' : '`_upstream.data`'} (and rename the parameter).`;
  return `${doc(comment)}
export function ${c.n.mapper}(${params}): ${c.n.answer}${nullable} {
  return { ${fields.map((f) => `${f.name}: ${f.from}`).join(', ')} };
}`;
}

export function serviceMethod(c: Context): string {
  const sig = c.spec.params.length ? `${arg(c)}: ${c.n.dtoClass}` : '';
  const call = c.spec.params.length ? arg(c) : '';
  const mapArgs = (rest: string) => [...(c.spec.params.length ? [arg(c)] : []), rest].join(', ');
  const head = `${doc(`${method(c)} ${c.path}: ${docRef(c)}.`, '  ')}\n  async ${c.spec.name}(${sig}): Promise<Shaped<Envelope<${c.n.answer}>>> {`;
  if (c.spec.write) {
    return `${head}
    const account = this.${c.clientProp}.account();
    const data = await this.${c.clientProp}.send(${q(`the ${c.n.section.toLowerCase()}`)}, account, () => this.${c.clientProp}.client.${c.n.clientMethod}(${call}));
    // The account's cached reads (decision 020); CacheInvalidation.invalidate for any other @CacheInvalidatedBy read it changes.
    await this.${c.clientProp}.invalidate(account);
    return envelope(${c.n.mapper}(${mapArgs('data')}), { code: 0, data });
  }`;
  }
  if (!c.spec.notFound) {
    return `${head}
    const upstream = await this.${c.clientProp}.${c.n.clientMethod}(${call});
    return envelope(${c.n.mapper}(${mapArgs('upstream')}), upstream.raw);
  }`;
  }
  const id = c.idParam!;
  const { errorCode, thing } = KINDS[id.kind].notFound!;
  return `${head}
    const upstream = await this.${c.clientProp}.${c.n.clientMethod}(${call});
    const answer = ${c.n.mapper}(${mapArgs('upstream')});
    if (!answer) throw new GatewayError(HttpStatus.NOT_FOUND, ${q(errorCode)}, \`No ${thing} found for ${id.name} \${${arg(c)}.${id.name}}\`);
    return envelope(answer, upstream.raw);
  }`;
}

type Imports = [module: string, values: string[], types: string[]][];

export function serviceImports(c: Context): Imports {
  const dtoModule = `./dto/${c.n.dtoFile.split('/').pop()!.replace(/\.ts$/, '')}`;
  return [
    ...(c.spec.notFound ? ([['@nestjs/common', ['HttpStatus'], []], ['../common/http-error', ['GatewayError'], []]] as Imports) : []),
    ['../common/shaped', ['envelope', 'Shaped'], ['Envelope']],
    ...(c.spec.params.length ? ([[dtoModule, [c.n.dtoClass], []]] as Imports) : []),
    [`./${c.spec.stem}.answers`, [], [c.n.answer]],
    [`./${c.spec.stem}.mapper`, [c.n.mapper], []],
  ];
}

export function controllerMethod(c: Context): string {
  const summary = c.spec.summary ?? c.n.section;
  const upstream = 'module' in c.spec.call ? `Upstream \`${c.spec.call.module}\`/\`${c.spec.call.method}\`` : `Upstream \`${c.spec.call.cgi}\``;
  const description = c.spec.description ?? `${upstream} (${docRef(c)}).`;
  const okDescription = `${c.n.section} (\`${c.n.answer}\`).`;
  const errors = ['400'];
  if (c.spec.notFound) {
    const { errorCode, thing } = KINDS[c.idParam!.kind].notFound!;
    errors.push(`{ status: 404, description: ${q(`Unknown ${thing}.`)}, errorCodes: [${q(errorCode)}] }`);
  }
  errors.push('...UPSTREAM_ERRORS');
  const handler = c.spec.params.length
    ? `  ${c.spec.name}(@${c.spec.write ? 'Body' : 'Query'}() ${arg(c)}: ${c.n.dtoClass}) {\n    return this.${c.serviceProp}.${c.spec.name}(${arg(c)});\n  }`
    : `  ${c.spec.name}() {\n    return this.${c.serviceProp}.${c.spec.name}();\n  }`;
  if (c.spec.write) {
    return `  @LibraryWrite(
    ${q(c.routeInController)},
    ${q(summary)},
    ${q(description)},
  )
  @ApiBody({ type: ${c.n.dtoClass}, examples: { example: { value: ${literal(exampleRequest(c))} } } })
  @ApiEnvelope(${q(okDescription)}, ${c.n.example}, ${c.n.answer})
${handler}`;
  }
  return `  @Get(${q(c.routeInController)})
${c.spec.ttl ? `  @CacheTTL(${c.spec.ttl})\n` : ''}  @ApiOperation({
    summary: ${q(summary)},
    description: ${q(description)},
  })
  @ApiEnvelope(${q(okDescription)}, ${c.n.example}, ${c.n.answer})
  @ApiErrorResponses(${errors.join(', ')})
${handler}`;
}

export function controllerImports(c: Context): Imports {
  const dtoModule = `./dto/${c.n.dtoFile.split('/').pop()!.replace(/\.ts$/, '')}`;
  const common: Imports = [
    [`./${c.spec.stem}.answers`, [c.n.answer, c.n.example], []],
    ...(c.spec.params.length ? ([[dtoModule, [c.n.dtoClass], []]] as Imports) : []),
  ];
  if (c.spec.write) {
    return [
      ...(c.spec.params.length ? ([['@nestjs/common', ['Body'], []]] as Imports) : []),
      ['@nestjs/swagger', ['ApiBody'], []],
      ['../common/api-docs', ['ApiEnvelope'], []],
      ['./library-docs', ['LibraryWrite'], []],
      ...common,
    ];
  }
  return [
    ...(c.spec.ttl ? ([['@nestjs/cache-manager', ['CacheTTL'], []]] as Imports) : []),
    ['@nestjs/common', ['Get', ...(c.spec.params.length ? ['Query'] : [])], []],
    ['@nestjs/swagger', ['ApiOperation'], []],
    ['../common/api-docs', ['ApiEnvelope', 'ApiErrorResponses', 'UPSTREAM_ERRORS'], []],
    ...common,
  ];
}

// ------------------------------------------------------------------------------------------------ src/upstream

export function clientMethod(c: Context): string {
  const sig = c.spec.params.length ? `params: ${paramsType(c)}` : '';
  const param = c.spec.params.length ? passThrough(c, 'params') : '{}';
  const comment = doc(`${docRef(c)}: ${callName(c)}. ${TODO}: the params upstream takes.`, '  ');
  if (c.spec.write) {
    const { module, method } = c.spec.call as { module: string; method: string };
    return `${comment}
  ${c.n.clientMethod}(${sig}): Promise<WriteResult> {
    return this.write({ module: ${q(module)}, method: ${q(method)}, param: ${param} });
  }`;
  }
  if ('module' in c.spec.call) {
    return `${comment}
  async ${c.n.clientMethod}(${sig}): Promise<${c.n.upstreamType}> {
    const call: MusicuCall = { module: ${q(c.spec.call.module)}, method: ${q(c.spec.call.method)}, param: ${param} };
    const { raw, data } = await this.musicu({ req: call });
    return { raw, data: data.req ?? {} };
  }`;
  }
  return `${comment}
  async ${c.n.clientMethod}(${sig}): Promise<${c.n.upstreamType}> {
    const { raw } = await this.cgi<Record<string, any>>(${q(c.spec.call.cgi)}, ${param});
    return { raw, data: raw };
  }`;
}

export function upstreamType(c: Context): string {
  return `${doc(`What \`${c.clientClass}.${c.n.clientMethod}\` hands its mapper: the call's \`data\`, and the whole answer (\`raw\`, for the legacy shape).`)}
export interface ${c.n.upstreamType} {
  raw: unknown;
  data: Record<string, any>;
}`;
}

// ------------------------------------------------------------------------------------------------ fake upstream

export function fakeHandler(c: Context): string {
  const comment = doc(`${c.target} (${docRef(c)}). ${TODO}: what upstream answers, from a recorded payload when one exists.`);
  if (!('module' in c.spec.call)) return `${comment}\nconst ${c.n.fakeHandler}: HttpHandler = () => ({ json: { code: 0 } });`;
  // A write's key data: retCode 0 is "applied" (src/library/library-songs.mapper.ts writeOutcome).
  return `${comment}\nconst ${c.n.fakeHandler}: MusicuHandler = () => ({ code: 0, data: ${c.spec.write ? '{ retCode: 0 }' : '{}'} });`;
}

// ------------------------------------------------------------------------------------------------ tests

export function endpointRow(c: Context): string {
  const params = `{ ${c.spec.params.map((p) => `${p.name}: ${p.required ? `required('${KINDS[p.kind].rowKind}')` : `{ kind: '${KINDS[p.kind].rowKind}' }`}`).join(', ')} }`;
  const dep = 'module' in c.spec.call ? `musicu('${c.target}')` : `cgi('${c.spec.call.cgi}')`;
  if (c.spec.write) {
    // The write is the first call, so a lost answer is the faults suite's first break: WRITE_OUTCOME_UNKNOWN.
    return `ownAccount({ path: '${c.path}', params: ${params}, example: ${literal(exampleRequest(c))}, upstream: [${dep}], write: ${dep}, documentedErrors: LOST_WRITE })`;
  }
  const family = c.tag === 'library' ? 'user' : c.tag;
  return `{
    name: '${c.spec.name}',
    family: '${family}',
    method: 'GET',
    path: '${c.path}',
    params: ${params},
    example: ${literal(Object.fromEntries(Object.entries(exampleRequest(c)).map(([k, v]) => [k, String(v)])))},
    upstream: [${dep}],
    idempotent: true,
  }`;
}

export function e2eTest(c: Context): string {
  const example = exampleRequest(c);
  const send = (payload: string) => (c.spec.write ? `h.http().post('${c.path}').set(WRITE_LOGIN).send(${payload})` : `h.http().get('${c.path}').query(${payload})`);
  const upstream =
    'module' in c.spec.call
      ? `    expect(h.fake.musicuCalls(CALL).map((call) => call.param)).toEqual([${literal(example)}]);`
      : `    expect(h.fake.requests.map((r) => [r.hostKey, r.path])).toEqual([['c', CALL]]);\n    expect(h.fake.requests[0].query).toMatchObject(${literal(Object.fromEntries(Object.entries(example).map(([k, v]) => [k, String(v)])))});`;
  const refusals: [string, string][] = [];
  for (const p of c.spec.params) {
    const { [p.name]: _left, ...without } = example;
    if (p.required) refusals.push([literal(without), `${p.name} is required`]);
    const bad = KINDS[p.kind].malformed;
    if (bad) refusals.push([literal({ ...example, [p.name]: bad.value }), bad.message.replace('{name}', p.name)]);
  }
  const refusalCases = refusals.length
    ? `

  it.each([
${refusals.map(([payload, message]) => `    [${payload}, ${q(message)}],`).join('\n')}
  ])('refuses %j with 400 before any upstream call', async (payload, message) => {
    const res = await ${send('payload')}.expect(400);
    expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect(res.body.error).toContain(message);
    expect(h.fake.requests).toEqual([]);
  });`
    : '';
  const loginCase = c.spec.write
    ? `

  it('refuses a caller without its own login (401) before any upstream call', async () => {
    const res = await h.http().post('${c.path}').send(${literal(example)}).expect(401);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_REQUIRED' });
    expect(h.fake.requests).toEqual([]);
  });`
    : '';
  return `import ${`{ ${c.n.example} }`} from '../../src/${c.spec.area}/${c.spec.stem}.answers';
${c.spec.write ? "import { WRITE_LOGIN } from '../support/endpoints';\n" : ''}import { Harness, startHarness } from '../support/harness';

const CALL = ${q('module' in c.spec.call ? c.target : c.spec.call.cgi)};

/** ${method(c)} ${c.path} (${docRef(c)}). */
describe('${method(c)} ${c.path}', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('answers the documented example to the example request, from one ${callName(c)} call', async () => {
    const res = await ${send(literal(example))}.expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: ${c.n.example} });
${upstream}
  });${loginCase}${refusalCases}
});
`;
}

export function unitTest(c: Context): string {
  const request = c.spec.params.length ? `  const ${arg(c)}: ${c.n.dtoClass} = ${literal(exampleRequest(c))};\n` : '';
  const partial = c.spec.write ? '(data: Record<string, any>) => data' : `(data: Record<string, any>) => ({ raw: {}, data }) as Partial<${c.n.upstreamType}> as ${c.n.upstreamType}`;
  const dtoImport = c.spec.params.length ? `import type { ${c.n.dtoClass} } from '../../src/${c.spec.area}/dto/${c.n.dtoFile.split('/').pop()!.replace(/\.ts$/, '')}';\n` : '';
  const upstreamImport = c.spec.write ? '' : `import type { ${c.n.upstreamType} } from '../../src/upstream/clients/${c.spec.area}.client';\n`;
  return `import Ajv from 'ajv';
import { ${c.n.answer} } from '../../src/${c.spec.area}/${c.spec.stem}.answers';
import { ${c.n.mapper} } from '../../src/${c.spec.area}/${c.spec.stem}.mapper';
${dtoImport}${upstreamImport}
${doc(`${c.n.mapper} (src/${c.spec.area}/${c.spec.stem}.mapper.ts) on what upstream may answer instead of the usual (that one is ${c.n.e2eFile}'s): a field-less answer still gives one that fits the schema${c.spec.notFound ? ', or null (not found)' : ''}.`)}
describe('${c.n.mapper}', () => {
  const fits = new Ajv({ strict: false, allErrors: true }).compile(${c.n.answer});
${request}  /** An answer with only the fields given (the others missing, as a changed upstream might send). */
  const partial = ${partial};

  it.each([{}, { unexpected: 'shape' }, { code: 0, data: null }])('maps %j without throwing, to an answer that fits ${c.n.answer}', (data) => {
    const answer = ${c.n.mapper}(${c.spec.params.length ? `${arg(c)}, ` : ''}partial(data));
${c.spec.notFound ? '    if (answer === null) return;\n' : ''}    expect(fits(answer) ? [] : fits.errors).toEqual([]);
  });
});
`;
}

// ------------------------------------------------------------------------------------------------ docs

export function newUpstreamDoc(c: Context): string {
  return `# ${c.spec.area[0].toUpperCase()}${c.spec.area.slice(1)}: upstream calls

Code: \`src/upstream/clients/${c.spec.area}.client.ts\` (\`${c.clientClass}\`). General conventions (hosts, the musicu
envelope, comm profiles, headers, error codes) are in [README.md](README.md).
`;
}

export function upstreamSection(c: Context): string {
  const call = 'module' in c.spec.call ? `musicu POST, key \`req\`: \`${c.spec.call.module}\` / \`${c.spec.call.method}\`` : `GET \`${c.spec.call.cgi}\` on the \`c\` host`;
  return `## ${c.n.section}

| | |
|---|---|
| Call | ${call} |
| Params | ${TODO}: each param, its type, what it means |
| Client method | \`${c.clientClass}.${c.n.clientMethod}\` (\`${method(c)} ${c.path}\`) |
| Evidence | ${TODO}: which projects call it (repository, file, version or date read), their live tests, what is unconfirmed |
| Answer | ${TODO}: the fields the mapper reads; a recorded fixture if one exists |
| Fallback | None |
`;
}

/** docs/mcp.md with the tool's row after the last row of its "Tools" table. */
export function mcpDocRow(doc: string, c: Context): string {
  const lines = doc.split('\n');
  const start = lines.indexOf('## Tools');
  if (start < 0) throw new Error('docs/mcp.md: no "## Tools" section');
  let last = -1;
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('## '); i++) if (lines[i].startsWith('|')) last = i;
  if (last < 0) throw new Error('docs/mcp.md: no table under "## Tools"');
  lines.splice(last + 1, 0, `| \`${c.spec.tool}\` | \`${method(c)} ${c.path}\` |`);
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------------ what next

export function fillIn(c: Context, kept: string[]): string[] {
  const answers = `src/${c.spec.area}/${c.spec.stem}.answers.ts`;
  const steps = [
    `docs/upstream/${c.spec.area}.md "${c.n.section}": the call's params, answer and evidence (sources, versions, dates, what is unconfirmed)${kept.some((k) => k.startsWith('docs/')) ? ' (exists: check it covers this use)' : ''}`,
    `src/upstream/clients/${c.spec.area}.client.ts ${c.clientClass}.${c.n.clientMethod}: the params upstream takes (passed through as named now)`,
    `${answers} ${c.n.answer} and ${c.n.example}: the answer's fields (lowerCamelCase, Mid/Id suffixes) and the example request's answer`,
    `src/${c.spec.area}/${c.spec.stem}.mapper.ts ${c.n.mapper}: read ${c.spec.write ? 'the write key\'s data' : 'upstream.data'}`,
    kept.some((k) => k.startsWith('fake-upstream/'))
      ? `fake-upstream/handlers/${c.spec.area}.ts: the call is served already; make its answer give ${c.n.example}`
      : `fake-upstream/handlers/${c.spec.area}.ts ${c.n.fakeHandler}: what upstream answers (a recorded payload when one exists), so the example request answers ${c.n.example}`,
    `${c.n.e2eFile}: the upstream request's params (and a case per branch of the mapper)`,
  ];
  if (c.spec.params.some((p) => ['int', 'bool', 'text'].includes(p.kind))) steps.push(`${c.n.dtoFile}: the descriptions marked ${TODO} (and the ranges)`);
  return steps;
}

export function thenSteps(c: Pick<Context, 'spec' | 'n'>): string[] {
  const suites = ['faults', 'hostile-input', 'openapi', 'openapi-examples', 'answer-schemas', 'security', 'generated-docs'].map((s) => `test/robustness/${s}.e2e-spec.ts`);
  return [
    `grep -rn "${TODO}" src fake-upstream test docs   (none may be left: test/unit/new-endpoint.spec.ts checks)`,
    'npm run docs   (docs/endpoints.md, the OpenAPI document, clients/typescript: test/generated-docs fails until they are regenerated)',
    `npx jest --config jest.config.js ${c.n.e2eFile} ${c.n.unitFile} ${suites.join(' ')}`,
    c.spec.write
      ? 'a write changes cached reads: LibraryAccount.invalidate drops the account\'s; any other cached read it changes needs @CacheInvalidatedBy(param) beside its @CacheTTL and a CacheInvalidation.invalidate([{ path, param, value }]) here (decision 020)'
      : 'a cached read a library write changes: @CacheInvalidatedBy(param) beside @CacheTTL, invalidated by the write (decision 020)',
    'if the mapper reads a call the canary checks (src/upstream/clients/*.reads.ts), declare the fields there (docs/operations.md "Upstream canary")',
    'a line in CHANGELOG.md under [Unreleased]',
  ];
}
