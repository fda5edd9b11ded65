import { isRecord } from '../../common/catalogue';

/**
 * What the gateway reads of an upstream answer, declared once per call beside its client (`<area>.reads.ts`), and the
 * check that says whether an answer still has it. The canary (docs/operations.md) and the sampled live check both
 * use these declarations; the mapper unit tests use them too, so a declaration cannot drift from the code.
 */

/**
 * The type a field must have. `'string|number'` for ids upstream sends either way; `'bytes'` for a non-empty binary
 * body (a QR image).
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string|number' | 'bytes';

/**
 * Field path → type. A path is dot-separated from the value the client method returns; `[]` steps into every element
 * of an array (`songlist[].data.songmid`), `*` into every value of an object keyed by id (`urls.*.mp4`), and a field
 * under `[]` or `*` is checked on the first element only (an empty array passes; an empty object under `*` does not,
 * unless the path is optional: it lacks the id asked for). A step may name the alternatives the mapper reads in turn
 * (`title|name`): the first one present must have the type. A `?` suffix on the path marks a field that may be absent
 * but must have the type when present.
 */
export type ShapeSpec = Readonly<Record<string, FieldType>>;

/** The first way an answer fails its declaration: the full field path, the type wanted and what was there. */
export interface ShapeProblem {
  /** Where, in the answer: `detail.data.song[0].title`. */
  path: string;
  /** The declared path that failed (its key in the ShapeSpec, without `?`): bounded, so fit for a metric label. */
  declared: string;
  /** A FieldType, or what a check beyond types wanted (e.g. `png`). */
  expected: string;
  got: string;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : value instanceof Uint8Array ? 'bytes' : typeof value;

const matches = (value: unknown, expected: FieldType): boolean => {
  const got = typeOf(value);
  if (expected === 'bytes') return got === 'bytes' && (value as Uint8Array).length > 0;
  return expected === 'string|number' ? got === 'string' || got === 'number' : got === expected;
};

/** An object or an array: what a declared path steps into, and what pruning and dropping walk. */
const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A declared path: its steps, whether it may be absent, and the name it is declared under. */
interface ParsedPath {
  steps: string[];
  optional: boolean;
  declared: string;
}

/** The declared paths of a spec, parsed. */
export function parsePaths(spec: ShapeSpec): (ParsedPath & { expected: FieldType })[] {
  return Object.entries(spec).map(([key, expected]) => {
    const optional = key.endsWith('?');
    const declared = optional ? key.slice(0, -1) : key;
    return { steps: declared.split('.'), optional, declared, expected };
  });
}

/** The first problem of `value` against `spec`, or undefined when every declared field is there with its type. */
export function checkShape(spec: ShapeSpec, value: unknown): ShapeProblem | undefined {
  for (const { steps, optional, declared, expected } of parsePaths(spec)) {
    const problem = checkPath(steps, value, '', expected, optional);
    if (problem) return { ...problem, declared };
  }
  return undefined;
}

type Found = Omit<ShapeProblem, 'declared'> | undefined;

function checkPath(steps: string[], value: unknown, at: string, expected: FieldType, optional: boolean): Found {
  if (steps.length === 0) {
    if (value === undefined && optional) return undefined;
    if (matches(value, expected)) return undefined;
    return { path: at, expected, got: expected === 'bytes' && typeOf(value) === 'bytes' ? 'no bytes' : typeOf(value) };
  }
  const [step, ...rest] = steps;
  const join = (name: string) => (at ? `${at}.${name}` : name);
  if (step === '*') {
    if (value === undefined && optional) return undefined;
    if (!isRecord(value)) return { path: at, expected: 'object', got: typeOf(value) };
    const first = Object.keys(value)[0];
    // An object keyed by the ids asked for: empty, it lacks the one asked.
    if (first === undefined) return optional ? undefined : { path: join('*'), expected, got: 'undefined' };
    return checkPath(rest, value[first], join(first), expected, optional);
  }
  const each = step.endsWith('[]');
  const names = (each ? step.slice(0, -2) : step).split('|');
  // Of alternatives, the first one present is the one the mapper reads.
  const name = names.find((n) => isContainer(value) && value[n] !== undefined) ?? names[0];
  const here = join(name);
  const child = isContainer(value) ? value[name] : undefined;
  if (!each) return checkPath(rest, child, here, expected, optional);
  if (child === undefined && optional) return undefined;
  if (!Array.isArray(child)) return { path: here, expected: 'array', got: typeOf(child) };
  return child.length ? checkPath(rest, child[0], `${here}[0]`, expected, optional) : undefined;
}

/** A copy of the plain objects and arrays of `value`; anything else (a Buffer, a Map) is shared. */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (isContainer(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyJson(v)])) as T;
  }
  return value;
}

/**
 * `value` with only the declared fields kept (every element of an array, every value under `*`). A mapper that gives
 * the same output on this as on the whole answer reads nothing undeclared; the tests rely on it.
 */
export function pruneToSpec<T>(spec: ShapeSpec, value: T): T {
  if (!isContainer(value)) return value;
  const out = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
  const paths = parsePaths(spec);
  const bare = (steps: string[]) => steps.join('.').replace(/\[\]/g, '');
  for (const { steps } of paths) {
    // A container that deeper paths declare fields of is kept empty here; those paths fill it.
    const container = paths.some((p) => bare(p.steps).startsWith(`${bare(steps)}.`));
    keep(steps, value, out, container);
  }
  return out as T;
}

/** An empty container of the kind of `value` (an array keeps one empty slot per element). */
const shell = (value: unknown): unknown =>
  Array.isArray(value) ? value.map((e) => (isContainer(e) ? shell(e) : e)) : isContainer(value) ? {} : copyJson(value);

function keep(steps: string[], from: unknown, into: Record<string, unknown>, container: boolean): void {
  if (!isContainer(from)) return;
  const [step, ...rest] = steps;
  const names = step === '*' ? Object.keys(from) : (step.endsWith('[]') ? step.slice(0, -2) : step).split('|');
  for (const name of names) {
    const child = from[name];
    if (child === undefined) continue;
    if (rest.length === 0) {
      if (!(name in into)) into[name] = container ? shell(child) : copyJson(child);
      continue;
    }
    if (!isContainer(child)) continue;
    into[name] ??= shell(child);
    const target = into[name] as Record<string, unknown>;
    if (step.endsWith('[]') && Array.isArray(child)) {
      child.forEach((element, i) => keep(rest, element, (target as unknown as unknown[])[i] as Record<string, unknown>, container));
    } else {
      keep(rest, child, target, container);
    }
  }
}

/**
 * A copy of `value` without the field at `declared` (every alternative, in every element of an array, every value
 * under `*`): what an answer looks like once upstream dropped or renamed that field.
 */
export function withoutPath<T>(declared: string, value: T): T {
  const copy = copyJson(value);
  drop(declared.replace(/\?$/, '').split('.'), copy);
  return copy;
}

function drop(steps: string[], value: unknown): void {
  if (!isContainer(value)) return;
  const [step, ...rest] = steps;
  if (step === '*') {
    for (const key of Object.keys(value)) {
      if (rest.length === 0) delete value[key];
      else drop(rest, value[key]);
    }
    return;
  }
  const each = step.endsWith('[]');
  for (const name of (each ? step.slice(0, -2) : step).split('|')) {
    if (rest.length === 0) {
      delete value[name];
      continue;
    }
    const child = value[name];
    if (each && Array.isArray(child)) child.forEach((element) => drop(rest, element));
    else drop(rest, child);
  }
}
