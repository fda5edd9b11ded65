import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * The vocabulary of answer schemas (decision 021): each declares a TypeScript type (`Static<typeof X>`, what the
 * mapper returns) and the JSON schema the OpenAPI document, the answer-validation test, the TypeScript client and the
 * MCP server read, in one place. Every helper emits OpenAPI 3.0 schema (no `const`, no `type: 'null'`, no
 * `patternProperties`), and objects are closed: a field the mapper adds without declaring it fails the validation test.
 */
export type { Static, TSchema };

type Props = Parameters<typeof Type.Object>[0];

/** A closed object: every property declared; `Optional(...)` ones may be absent. */
export const Obj = <P extends Props>(properties: P, options: { description?: string; title?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

export const Str = (options: { description?: string; example?: string; format?: string } = {}) => Type.String(options);
export const Int = (options: { description?: string; example?: number; minimum?: number } = {}) => Type.Integer(options);
export const Num = (options: { description?: string; example?: number } = {}) => Type.Number(options);
export const Bool = (options: { description?: string } = {}) => Type.Boolean(options);
/** `true` or `false` alone, as an OpenAPI `enum` (the discriminant of a union: a batch entry, a poll state). */
export const BoolConst = <V extends boolean>(value: V, options: { description?: string } = {}) =>
  Type.Unsafe<V>({ type: 'boolean', enum: [value], ...options });
export const Arr = <T extends TSchema>(items: T, options: { description?: string } = {}) => Type.Array(items, options);
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** A value or null, written as OpenAPI 3.0 does (`nullable: true`; 3.0 has no null type). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One of fixed strings or numbers, as an OpenAPI `enum` (TypeBox's literals would emit `const`, which 3.0 lacks). */
export function Enum<const V extends readonly (string | number)[]>(values: V, options: { description?: string } = {}) {
  const type = typeof values[0] === 'number' ? (values.every((v) => Number.isInteger(v)) ? 'integer' : 'number') : 'string';
  return Type.Unsafe<V[number]>({ type, enum: [...values], ...options });
}

/** An object keyed by arbitrary strings (ids, mids), each value of `value`'s type. */
export const Dict = <T extends TSchema>(value: T, options: { description?: string } = {}) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value, ...options });

/** Upstream data passed on as received (the legacy shape's `response`, a raw field): any JSON. */
export const Raw = (options: { description?: string } = {}) => Type.Unsafe<unknown>({ ...options });

/** A JSON object passed on as received. */
export const RawObject = (options: { description?: string } = {}) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...options });

/** The catalogue envelope `{ code: 0, msg, data }` around a route's data schema. */
export const EnvelopeOf = <T extends TSchema>(data: T) =>
  Obj({ code: Enum([0] as const), msg: Str({ example: 'ok' }), data });

/** The plain JSON schema of a TypeBox schema: TypeBox's symbol keys dropped (the document is serialised anyway). */
export const jsonSchemaOf = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** One of several shapes (a route whose answer depends on its parameters), as an OpenAPI `anyOf`. */
export const AnyOf = <T extends TSchema[]>(schemas: [...T], options: { description?: string } = {}) => Type.Union(schemas, options);

/**
 * An upstream object passed on as received, of which the gateway guarantees the declared properties (the legacy
 * shape's keys a client reads); any other property may be there too.
 */
export const OpenObj = <P extends Props>(properties: P, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: true, ...options });

// ---------------------------------------------------------------------------------------------------------------------
// Renamed fields (docs/glossary.md "Renamed fields"): a field renamed to its concept's one name (src/common/glossary.ts)
// is answered under its old name too, beside the new one, for one minor version. One `Renames` map per record says
// which: the schema (WithOldNames), the mapper (withOldNames), the controller's example and the legacy adapters that
// build old bodies from the record (src/legacy/adapters/util.ts underOldNames) all read it.

/** The release that stops answering the old names (each glossary entry with `deprecatedFor`). */
export const OLD_NAMES_REMOVED_IN = '0.2.0';

/** Old name → new name of the fields a record answers under both names until OLD_NAMES_REMOVED_IN. */
export type Renames<K extends string = string> = Readonly<Record<string, K>>;

/** The new name a property is the old name of (not serialised: JSON drops symbol keys). */
const OLD_NAME_OF = Symbol('oldNameOf');

/** `schema` as the old name of the field `newName`: the same value, marked `deprecated` (the typed client's @deprecated). */
export const Deprecated = <T extends TSchema>(schema: T, newName: string): T => ({
  ...schema,
  description: `Deprecated: the old name of \`${newName}\` (the same value); answered until ${OLD_NAMES_REMOVED_IN}.`,
  deprecated: true,
  [OLD_NAME_OF]: newName,
});

/**
 * A schema as it was before its fields were renamed: each old name where its new one stands, the new one gone, in every
 * nested object. The legacy shape's bodies built from normalised records keep their old names (docs/legacy.md).
 */
export function UnderOldNames(schema: TSchema): TSchema {
  const s = schema as TSchema & Record<string, any>;
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: s.anyOf.map(UnderOldNames) };
  if (s.items) return { ...s, items: UnderOldNames(s.items) };
  if (!s.properties) return s;
  const entries = Object.entries(s.properties as Record<string, TSchema & Record<symbol, unknown>>);
  const oldOf = new Map(entries.filter(([, p]) => p[OLD_NAME_OF]).map(([old, p]) => [p[OLD_NAME_OF] as string, old]));
  const renamed = (name: string) => oldOf.get(name) ?? name;
  const properties = Object.fromEntries(entries.filter(([, p]) => !p[OLD_NAME_OF]).map(([name, p]) => [renamed(name), UnderOldNames(p)]));
  const required = Array.isArray(s.required) ? { required: (s.required as string[]).filter((name) => !s.properties[name][OLD_NAME_OF]).map(renamed) } : {};
  return { ...s, properties, ...required };
}

/** The old names of `renames` as properties: each its new field's schema, deprecated. */
type OldNames<P extends Props, R extends Renames<Extract<keyof P, string>>> = { -readonly [K in keyof R]: P[R[K]] };

/** `properties` and, after them, each old name of `renames` (its new field's schema, deprecated). */
export const WithOldNames = <P extends Props, const R extends Renames<Extract<keyof P, string>>>(properties: P, renames: R): P & OldNames<P, R> =>
  ({ ...properties, ...Object.fromEntries(Object.entries(renames).map(([old, now]) => [old, Deprecated(properties[now], now)])) }) as P & OldNames<P, R>;

/** The old names of `renames` as fields of `T`: each its new field's type (a new field `T` lacks: absent). */
type OldFields<T, R extends Renames> = { -readonly [K in keyof R]: R[K] extends keyof T ? T[R[K]] : undefined };

/** `value` and, after its own fields, each old name of `renames` holding its new field's value (absent where that is). */
export function withOldNames<T extends object, const R extends Renames>(value: T, renames: R): T & OldFields<T, R> {
  const fields = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...fields };
  for (const [old, now] of Object.entries(renames)) {
    const v = fields[now];
    if (v !== undefined) out[old] = v;
  }
  return out as T & OldFields<T, R>;
}

/**
 * A record under the names it had before its fields were renamed: each new name of `renames` back to its old one,
 * where it stands, and the deprecated copies of the old names dropped. An answer that must keep its old body (the
 * legacy shape's, built from normalised records) keeps its keys, and their order, whether or not the normalised record
 * still carries the old names.
 */
export function underOldNames(fields: Record<string, unknown>, renames: Renames): Record<string, unknown> {
  const oldOf = new Map(Object.entries(renames).map(([old, now]) => [now, old]));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(fields)) {
    if (Object.hasOwn(renames, key) && Object.hasOwn(fields, renames[key])) continue;
    out[oldOf.get(key) ?? key] = v;
  }
  return out;
}
