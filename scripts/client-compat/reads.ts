/**
 * Resolves the read paths of an app record (types.ts) against a JSON body. A path passes when every step is there:
 * `[]` needs an array with at least one element and checks the rest of the path on each element.
 */

type Step = { key: string } | { index: number } | { every: true };

function parse(path: string): Step[] {
  const steps: Step[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!m) throw new Error(`bad read path segment "${part}" in ${path}`);
    if (m[1]) steps.push({ key: m[1] });
    for (const b of m[2].match(/\[\d*\]/g) ?? []) steps.push(b === '[]' ? { every: true } : { index: Number(b.slice(1, -1)) });
  }
  return steps;
}

function show(prefix: string, step: Step): string {
  if ('key' in step) return prefix ? `${prefix}.${step.key}` : step.key;
  return 'index' in step ? `${prefix}[${step.index}]` : `${prefix}[]`;
}

/** The concrete places where `steps` stop resolving in `value` (empty = the path resolves everywhere). */
function missing(value: unknown, steps: Step[], at: string): string[] {
  if (steps.length === 0) return value === undefined || value === null ? [`${at} is ${String(value)}`] : [];
  if (value === undefined || value === null) return [`${at} is ${String(value)}`];
  const [step, ...rest] = steps;
  if ('every' in step) {
    if (!Array.isArray(value)) return [`${at} is not an array`];
    if (value.length === 0) return [`${at} is an empty array`];
    // the first few failing elements are enough to name the problem
    return value.flatMap((v, i) => missing(v, rest, `${at}[${i}]`)).slice(0, 3);
  }
  if (typeof value !== 'object') return [`${at} is a ${typeof value}, not an object`];
  const next = 'key' in step ? (value as Record<string, unknown>)[step.key] : (value as unknown[])[step.index];
  return missing(next, rest, show(at, step));
}

/** Problems of one read (`a || b` passes when one alternative resolves; else the first one's problems). */
export function checkRead(body: unknown, read: string): string[] {
  const alternatives = read.split(' || ').map((p) => p.trim());
  const results = alternatives.map((p) => missing(body, parse(p), ''));
  return results.some((r) => r.length === 0) ? [] : results[0].map((r) => `${read}: ${r}`);
}
