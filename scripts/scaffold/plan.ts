import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { namesOf, type Names } from './names';
import { KINDS, type Param } from './params';
import type { EndpointSpec } from './spec';
import { constructorParams, decoratorArg, memberNames, property, TsEdit } from './ts-edit';
import * as t from './templates';

/** One file the scaffold writes: created whole, or an existing file with insertions. */
export interface Change {
  file: string;
  action: 'create' | 'edit';
  /** What was added, for the report (e.g. `MusicController.getSongFavCount`). */
  what: string[];
  content: string;
}

export interface Plan {
  changes: Change[];
  /** What the author writes next, in order. */
  fillIn: string[];
  /** What was left as it is, and why (a call the fake already serves, a docs section that exists). */
  kept: string[];
}

/** The context of the files the endpoint joins, read from the repository. */
export interface Context {
  spec: EndpointSpec;
  n: Names;
  /** The route path as served, and as the controller method's decorator names it. */
  path: string;
  routeInController: string;
  tag: string;
  controllerClass: string;
  serviceClass: string;
  /** The controller's property holding the service, and the service's holding the client (or LibraryAccount for a write). */
  serviceProp: string;
  clientProp: string;
  clientClass: string;
  target: string;
  /** The first parameter naming a thing (the 404's), if any. */
  idParam?: Param;
}

class Files {
  private readonly edits = new Map<string, TsEdit>();
  readonly created = new Map<string, string>();
  readonly what = new Map<string, string[]>();

  constructor(private readonly root: string) {}

  exists(file: string): boolean {
    return this.created.has(file) || existsSync(join(this.root, file));
  }

  read(file: string): string {
    if (!existsSync(join(this.root, file))) throw new Error(`${file} does not exist (is <area> a feature folder with a controller, service, client and fake handlers?)`);
    return readFileSync(join(this.root, file), 'utf8');
  }

  /** The file to insert into: the existing one, or a new one started from `start`. */
  ts(file: string, start?: string): TsEdit {
    let edit = this.edits.get(file);
    if (!edit) {
      edit = new TsEdit(file, existsSync(join(this.root, file)) || start === undefined ? this.read(file) : start);
      if (!existsSync(join(this.root, file))) this.created.set(file, '');
      this.edits.set(file, edit);
    }
    return edit;
  }

  create(file: string, content: string, what: string): void {
    if (this.exists(file)) throw new Error(`${file} exists: refusing to overwrite it`);
    this.created.set(file, content);
    this.note(file, what);
  }

  note(file: string, what: string): void {
    this.what.set(file, [...(this.what.get(file) ?? []), what]);
  }

  changes(): Change[] {
    const out: Change[] = [];
    for (const [file, edit] of this.edits) {
      if (!edit.changed) continue;
      out.push({ file, action: this.created.has(file) ? 'create' : 'edit', what: this.what.get(file) ?? [], content: edit.apply() });
    }
    for (const [file, content] of this.created) if (!this.edits.has(file)) out.push({ file, action: 'create', what: this.what.get(file) ?? [], content });
    return out.sort((a, b) => a.file.localeCompare(b.file));
  }
}

const fail = (message: string): never => {
  throw new Error(message);
};

function classIn(edit: TsEdit, file: string): ts.ClassDeclaration & { name: ts.Identifier } {
  const cls = edit.exportedClass();
  if (!cls?.name) throw new Error(`${file}: no exported class`);
  return cls as ts.ClassDeclaration & { name: ts.Identifier };
}

function refuseMember(cls: ts.ClassDeclaration & { name: ts.Identifier }, member: string, file: string): void {
  if (memberNames(cls).has(member)) throw new Error(`${file}: ${cls.name.text} already has ${member}: refusing to overwrite it`);
}

function refuseName(edit: TsEdit, name: string): void {
  if (edit.topLevelNames().has(name)) throw new Error(`${edit.file} already declares ${name}: refusing to overwrite it`);
}

/** Everything the endpoint needs, checked before anything is written: one refusal and nothing changes. */
export function planEndpoint(spec: EndpointSpec, root: string): Plan {
  const n = namesOf(spec);
  const files = new Files(root);
  const kept: string[] = [];
  const src = `src/${spec.area}`;

  // ---- where the endpoint goes
  const controllerFile = `${src}/${spec.stem}.controller.ts`;
  const serviceFile = `${src}/${spec.stem}.service.ts`;
  const clientFile = `src/upstream/clients/${spec.area}.client.ts`;
  const controller = files.ts(controllerFile);
  const service = files.ts(serviceFile);
  const client = files.ts(clientFile);
  const ctlClass = classIn(controller, controllerFile);
  const svcClass = classIn(service, serviceFile);
  const cliClass = classIn(client, clientFile);
  const prefix = decoratorArg(ctlClass, 'Controller') ?? fail(`${controllerFile}: ${ctlClass.name.text} has no @Controller`);
  const tag = decoratorArg(ctlClass, 'ApiTags') ?? fail(`${controllerFile}: ${ctlClass.name.text} has no @ApiTags`);
  const serviceProp =
    constructorParams(ctlClass, controller.sf).get(svcClass.name.text) ??
    fail(`${controllerFile}: ${ctlClass.name.text} takes no ${svcClass.name.text}; use --in for the controller whose service is in ${serviceFile}`);
  const needs = spec.write ? 'LibraryAccount' : cliClass.name.text;
  const clientProp =
    constructorParams(svcClass, service.sf).get(needs) ??
    fail(
      spec.write
        ? `${serviceFile}: a write's service sends through LibraryAccount (src/library/library-account.ts); ${svcClass.name.text} takes none (try --in library-songs)`
        : `${serviceFile}: ${svcClass.name.text} takes no ${needs}; add it to its constructor first`,
    );
  if (spec.write && !memberNames(cliClass).has('write')) fail(`${clientFile}: a write goes through the client's write() (LIBRARY_WRITE: Android comm, never retried); ${cliClass.name.text} has none`);
  const routeInController = spec.path ? spec.path.replace(/^\//, '').slice(prefix ? prefix.length + 1 : 0) : spec.name;
  if (spec.path && prefix && !spec.path.startsWith(`/${prefix}/`)) fail(`--path ${spec.path}: ${ctlClass.name.text} serves /${prefix}/…`);
  const path = `/${[prefix, routeInController].filter(Boolean).join('/')}`;
  const target = 'module' in spec.call ? `${spec.call.module}.${spec.call.method}` : spec.call.cgi;
  const ctx: Context = {
    spec,
    n,
    path,
    routeInController,
    tag,
    controllerClass: ctlClass.name.text,
    serviceClass: svcClass.name.text,
    serviceProp,
    clientProp,
    clientClass: cliClass.name.text,
    target,
    idParam: spec.params.find((p) => KINDS[p.kind].notFound),
  };
  refuseMember(ctlClass, spec.name, controllerFile);
  refuseMember(svcClass, spec.name, serviceFile);
  refuseMember(cliClass, n.clientMethod, clientFile);

  // ---- DTO
  if (spec.params.length) files.create(n.dtoFile, t.dto(ctx), `${n.dtoClass}: ${spec.params.map((p) => `${p.name} (${p.kind})`).join(', ')}`);

  // ---- answer schema and its example
  const answersFile = `${src}/${spec.stem}.answers.ts`;
  const answers = files.ts(answersFile, t.NEW_ANSWERS);
  refuseName(answers, n.answer);
  refuseName(answers, n.example);
  const schema = t.answerSchema(ctx);
  answers.addImport('../common/answer-schema', schema.imports, ['Static']);
  answers.addStatement(schema.code);
  files.note(answersFile, `${n.answer} and ${n.example}`);

  // ---- mapper
  const mapperFile = `${src}/${spec.stem}.mapper.ts`;
  const mapper = files.ts(mapperFile, t.NEW_MAPPER);
  refuseName(mapper, n.mapper);
  mapper.addImport(`./${spec.stem}.answers`, [], [n.answer]);
  if (spec.params.length) mapper.addImport(`./dto/${n.dtoFile.split('/').pop()!.replace(/\.ts$/, '')}`, [], [n.dtoClass]);
  if (!spec.write) mapper.addImport(`../upstream/clients/${spec.area}.client`, [], [n.upstreamType]);
  mapper.addStatement(t.mapper(ctx));
  files.note(mapperFile, n.mapper);

  // ---- client
  client.addMember(cliClass, t.clientMethod(ctx));
  if (!spec.write) {
    refuseName(client, n.upstreamType);
    client.addStatement(t.upstreamType(ctx));
    if ('module' in spec.call) client.addImport('../upstream.types', [], ['MusicuCall']);
  }
  files.note(clientFile, `${cliClass.name.text}.${n.clientMethod}${spec.write ? '' : ` and ${n.upstreamType}`}`);

  // ---- service and controller
  service.addMember(svcClass, t.serviceMethod(ctx));
  for (const [module, names, types] of t.serviceImports(ctx)) service.addImport(module, names, types);
  files.note(serviceFile, `${svcClass.name.text}.${spec.name}`);
  controller.addMember(ctlClass, t.controllerMethod(ctx));
  for (const [module, names, types] of t.controllerImports(ctx)) controller.addImport(module, names, types);
  files.note(controllerFile, `${ctlClass.name.text}.${spec.name} (${spec.write ? 'POST' : 'GET'} ${path})`);

  // ---- fake upstream
  const fakeFile = `fake-upstream/handlers/${spec.area}.ts`;
  const fake = files.ts(fakeFile);
  const routesInit = fake.variable(undefined, 'FakeRoutes');
  if (!routesInit || !ts.isObjectLiteralExpression(routesInit)) fail(`${fakeFile}: no \`const …: FakeRoutes = { … }\``);
  const routes = routesInit as ts.ObjectLiteralExpression;
  const table = 'module' in spec.call ? 'musicu' : 'http';
  const routeKey = 'module' in spec.call ? target : `c ${spec.call.cgi}`;
  const existing = property(routes, table);
  if (existing && ts.isObjectLiteralExpression(existing) && property(existing, routeKey)) {
    kept.push(`${fakeFile}: ${routeKey} is served already (its handler answers the new route too)`);
  } else {
    refuseName(fake, n.fakeHandler);
    const routesStatement = fake.sf.statements.find((s) => s.pos <= routes.pos && s.end >= routes.end);
    fake.addStatement(t.fakeHandler(ctx), routesStatement);
    fake.addImport('../fake-upstream', [], [table === 'musicu' ? 'MusicuHandler' : 'HttpHandler']);
    if (existing && ts.isObjectLiteralExpression(existing)) fake.addElement(existing, `'${routeKey}': ${n.fakeHandler}`);
    else fake.addElement(routes, `${table}: {\n    '${routeKey}': ${n.fakeHandler},\n  }`);
    files.note(fakeFile, `${n.fakeHandler}, served as ${routeKey}`);
  }

  // ---- the endpoint table (a write's row cannot be derived: no caller login)
  if (spec.row) {
    const endpointsFile = 'test/support/endpoints.ts';
    const table = files.ts(endpointsFile);
    const listName = spec.write ? 'OWN_ACCOUNT_ROUTES' : 'ENDPOINTS';
    const list = table.variable(listName);
    if (!list || !ts.isArrayLiteralExpression(list)) fail(`${endpointsFile}: no ${listName} array`);
    if (table.text.includes(`path: '${path}'`)) fail(`${endpointsFile} has a row for ${path} already`);
    table.addElement(list as ts.ArrayLiteralExpression, t.endpointRow(ctx));
    files.note(endpointsFile, `${listName} row for ${spec.write ? 'POST' : 'GET'} ${path}`);
  }

  // ---- tests
  files.create(n.e2eFile, t.e2eTest(ctx), `GET ${path} through HTTP: the documented answer, the upstream request, 400s`.replace(/^GET/, spec.write ? 'POST' : 'GET'));
  files.create(n.unitFile, t.unitTest(ctx), `${n.mapper} on answers without the fields it reads`);

  // ---- docs/upstream
  const docFile = `docs/upstream/${spec.area}.md`;
  const doc = files.exists(docFile) ? files.read(docFile) : undefined;
  if (doc?.split('\n').includes(`## ${n.section}`)) {
    kept.push(`${docFile}: "${n.section}" exists already (the code points at it)`);
  } else {
    files.created.set(docFile, `${doc ?? t.newUpstreamDoc(ctx)}${doc?.endsWith('\n') === false ? '\n' : ''}\n${t.upstreamSection(ctx)}`);
    files.note(docFile, `section "${n.section}"`);
  }

  // ---- MCP tool
  if (spec.tool) {
    const toolsFile = 'mcp/tools.ts';
    const tools = files.ts(toolsFile);
    const list = tools.variable('TOOL_ROUTES');
    if (!list || !ts.isArrayLiteralExpression(list)) fail(`${toolsFile}: no TOOL_ROUTES array`);
    if (tools.text.includes(`name: '${spec.tool}'`)) fail(`${toolsFile}: a tool is named ${spec.tool} already`);
    // The description is one sentence for a listener (mcp/tools.ts), written by the author; account tools say they need a login.
    const account = spec.write ? ', account: true' : '';
    tools.addElement(
      list as ts.ArrayLiteralExpression,
      `{ name: '${spec.tool}', method: '${spec.write ? 'post' : 'get'}', path: '${path}', listener: '${t.TODO}: what it does for a listener.'${account}, whenPresent: true }`,
    );
    files.note(toolsFile, `tool ${spec.tool}`);
    const mcpDoc = 'docs/mcp.md';
    files.created.set(mcpDoc, t.mcpDocRow(files.read(mcpDoc), ctx));
    files.note(mcpDoc, `tool ${spec.tool} in the Tools table`);
  }

  return { changes: files.changes().map((c) => (existsSync(join(root, c.file)) ? { ...c, action: 'edit' } : c)), fillIn: t.fillIn(ctx, kept), kept };
}
