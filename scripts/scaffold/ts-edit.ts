import ts from 'typescript';

/**
 * Insertions into an existing TypeScript file, placed by its syntax tree (the TypeScript compiler's parser, already a
 * dependency) rather than by text patterns: a class's closing brace, an array's or object's last element, the imports.
 * Edits are collected and applied at once, so every position refers to the file as read.
 */
export class TsEdit {
  readonly sf: ts.SourceFile;
  private readonly inserts: { pos: number; text: string; order: number }[] = [];
  private importsOpened = false;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  }

  get changed(): boolean {
    return this.inserts.length > 0;
  }

  /** `text` at `pos`; several at one position come out in the order they were made (`last`: after all of them). */
  insert(pos: number, text: string, last = false): void {
    this.inserts.push({ pos, text, order: last ? Number.MAX_SAFE_INTEGER : this.inserts.length });
  }

  /** The new text: insertions at one position keep the order they were made in. */
  apply(): string {
    let out = this.text;
    for (const { pos, text } of [...this.inserts].sort((a, b) => b.pos - a.pos || b.order - a.order)) out = out.slice(0, pos) + text + out.slice(pos);
    return out;
  }

  // ------------------------------------------------------------------------------------------------ finding

  /** The exported class named `name`, else the first exported class. */
  exportedClass(name?: string): ts.ClassDeclaration | undefined {
    return this.sf.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && isExported(s) && (name === undefined || s.name?.text === name),
    );
  }

  /** The initializer of the top-level `const <name>` (or the one typed `<type>` when `name` is undefined). */
  variable(name: string | undefined, type?: string): ts.Expression | undefined {
    for (const statement of this.sf.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        const matches = name !== undefined ? ts.isIdentifier(decl.name) && decl.name.text === name : decl.type?.getText(this.sf) === type;
        if (matches) return decl.initializer;
      }
    }
    return undefined;
  }

  /** The top-level statement declaring `name` (a const, function, class, interface or type). */
  statementDeclaring(name: string): ts.Statement | undefined {
    return this.sf.statements.find((s) => topLevelNames(s).includes(name));
  }

  /** Every name declared at the top level. */
  topLevelNames(): Set<string> {
    return new Set(this.sf.statements.flatMap(topLevelNames));
  }

  // ------------------------------------------------------------------------------------------------ inserting

  /** A member before the class's closing brace, after a blank line. */
  addMember(cls: ts.ClassDeclaration, member: string): void {
    const close = cls.end - 1;
    if (this.text[close] !== '}') throw new Error(`${this.file}: class ${cls.name?.text} does not end in }`);
    this.insert(close, `\n${member}\n`);
  }

  /** A statement (with its comment) before `before`, or at the end of the file. */
  addStatement(statement: string, before?: ts.Statement): void {
    if (!before) {
      this.insert(this.text.length, `${this.text.endsWith('\n') ? '' : '\n'}\n${statement}\n`);
      return;
    }
    const full = before.getFullStart();
    const leading = /^\s*/.exec(this.text.slice(full, before.getStart(this.sf, true)))![0].length;
    this.insert(full + leading, `${statement}\n\n`);
  }

  /** An element after the last one of an array or object literal, on its own line, in the literal's comma style. */
  addElement(literal: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression, element: string): void {
    const items: ts.NodeArray<ts.Node> = ts.isArrayLiteralExpression(literal) ? literal.elements : literal.properties;
    if (!items.length) {
      const indent = lineIndent(this.text, literal.getStart(this.sf));
      this.insert(literal.getStart(this.sf) + 1, `\n${indent}  ${element},\n${indent}`);
      return;
    }
    const last = items[items.length - 1];
    const indent = lineIndent(this.text, last.getStart(this.sf));
    if (items.hasTrailingComma) {
      const comma = this.text.indexOf(',', last.end);
      this.insert(comma + 1, `\n${indent}${element},`);
    } else {
      this.insert(last.end, `,\n${indent}${element}`);
    }
  }

  /**
   * `names` imported from `module` (`type X` for types): added to an import of that module, else a new import after
   * the others. Names already imported are left alone.
   */
  addImport(module: string, names: string[], types: string[] = []): void {
    const imports = this.sf.statements.filter(ts.isImportDeclaration);
    const imported = new Set(imports.flatMap((i) => namedImports(i)).map((s) => s.name.text));
    const values = names.filter((n) => !imported.has(n));
    const typeNames = types.filter((n) => !imported.has(n) && !values.includes(n));
    if (!values.length && !typeNames.length) return;
    const target = imports.find((i) => specifier(i) === module && i.importClause?.namedBindings && ts.isNamedImports(i.importClause.namedBindings) && !(values.length && i.importClause.isTypeOnly));
    if (target) {
      const bindings = target.importClause!.namedBindings as ts.NamedImports;
      const typeOnly = target.importClause!.isTypeOnly;
      const added = [...values, ...typeNames.map((n) => (typeOnly ? n : `type ${n}`))];
      const last = bindings.elements[bindings.elements.length - 1];
      const multiline = bindings.getText(this.sf).includes('\n');
      if (multiline) {
        const indent = lineIndent(this.text, last.getStart(this.sf));
        if (bindings.elements.hasTrailingComma) this.insert(this.text.indexOf(',', last.end) + 1, added.map((a) => `\n${indent}${a},`).join(''));
        else this.insert(last.end, added.map((a) => `,\n${indent}${a}`).join(''));
      } else {
        this.insert(last.end, added.map((a) => `, ${a}`).join(''));
      }
      return;
    }
    const line = values.length
      ? `import { ${[...values, ...typeNames.map((n) => `type ${n}`)].join(', ')} } from '${module}';`
      : `import type { ${typeNames.join(', ')} } from '${module}';`;
    if (imports.length) {
      this.insert(imports[imports.length - 1].end, `\n${line}`);
    } else {
      // A file without imports: the first one added opens the file, a blank line after the last.
      if (!this.importsOpened) this.insert(0, '\n', true);
      this.importsOpened = true;
      this.insert(0, `${line}\n`);
    }
  }
}

const isExported = (node: ts.Node): boolean => !!ts.getModifiers(node as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const specifier = (i: ts.ImportDeclaration): string => (i.moduleSpecifier as ts.StringLiteral).text;

function namedImports(i: ts.ImportDeclaration): ts.ImportSpecifier[] {
  const bindings = i.importClause?.namedBindings;
  return bindings && ts.isNamedImports(bindings) ? [...bindings.elements] : [];
}

function topLevelNames(s: ts.Statement): string[] {
  if (ts.isVariableStatement(s)) return s.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isEnumDeclaration(s)) {
    return s.name ? [s.name.text] : [];
  }
  if (ts.isImportDeclaration(s)) return namedImports(s).map((n) => n.name.text);
  return [];
}

/** The whitespace a line starts with. */
function lineIndent(text: string, pos: number): string {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** The name of the class a constructor parameter is typed as → the parameter's name (`private readonly music: MusicClient`). */
export function constructorParams(cls: ts.ClassDeclaration, sf: ts.SourceFile): Map<string, string> {
  const ctor = cls.members.find(ts.isConstructorDeclaration);
  const out = new Map<string, string>();
  for (const p of ctor?.parameters ?? []) if (p.type && ts.isIdentifier(p.name)) out.set(p.type.getText(sf), p.name.text);
  return out;
}

/** The names of a class's methods and properties. */
export function memberNames(cls: ts.ClassDeclaration): Set<string> {
  return new Set(cls.members.flatMap((m) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : [])));
}

/** The first string argument of the class decorator `@<name>(…)`, '' for `@<name>()`, undefined without the decorator. */
export function decoratorArg(cls: ts.ClassDeclaration, name: string): string | undefined {
  for (const d of ts.getDecorators(cls) ?? []) {
    const call = d.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== name) continue;
    const [first] = call.arguments;
    return first && ts.isStringLiteral(first) ? first.text : '';
  }
  return undefined;
}

/** The property `name` of an object literal (its value). */
export function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) return p.initializer;
  }
  return undefined;
}
