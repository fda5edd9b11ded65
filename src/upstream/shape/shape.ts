/**
 * What the gateway reads of an upstream answer, declared once per call beside its client (`<area>.reads.ts`), and the
 * check that says whether an answer still has it. The canary (docs/operations.md) and the sampled live check both
 * use these declarations; the mapper unit tests use them too, so a declaration cannot drift from the code.
 */

/** The JSON type a field must have. `'string|number'` for ids upstream sends either way. */
export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string|number';

/**
 * Field path → type. A path is dot-separated from the value the client method returns; `[]` steps into every element
 * of an array (`songlist[].data.songmid`), and a field under `[]` is checked on the first element only (an empty
 * array passes). A `?` suffix on the path marks a field that may be absent but must have the type when present.
 */
export type ShapeSpec = Readonly<Record<string, FieldType>>;

/** The first way an answer fails its declaration: the full field path, the type wanted and what was there. */
export interface ShapeProblem {
  path: string;
  expected: FieldType;
  got: string;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const matches = (value: unknown, expected: FieldType): boolean => {
  const got = typeOf(value);
  return expected === 'string|number' ? got === 'string' || got === 'number' : got === expected;
};

/** The first problem of `value` against `spec`, or undefined when every declared field is there with its type. */
export function checkShape(spec: ShapeSpec, value: unknown): ShapeProblem | undefined {
  for (const [declared, expected] of Object.entries(spec)) {
    const optional = declared.endsWith('?');
    const path = optional ? declared.slice(0, -1) : declared;
    const problem = checkPath(path.split('.'), value, '', expected, optional);
    if (problem) return problem;
  }
  return undefined;
}

function checkPath(steps: string[], value: unknown, at: string, expected: FieldType, optional: boolean): ShapeProblem | undefined {
  if (steps.length === 0) {
    if (value === undefined && optional) return undefined;
    return matches(value, expected) ? undefined : { path: at, expected, got: typeOf(value) };
  }
  const [step, ...rest] = steps;
  const each = step.endsWith('[]');
  const name = each ? step.slice(0, -2) : step;
  const here = at ? `${at}.${name}` : name;
  const child = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  if (!each) return checkPath(rest, child, here, expected, optional);
  if (child === undefined && optional) return undefined;
  if (!Array.isArray(child)) return { path: here, expected: 'array', got: typeOf(child) };
  return child.length ? checkPath(rest, child[0], `${here}[0]`, expected, optional) : undefined;
}
