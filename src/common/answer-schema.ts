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
