import Ajv from 'ajv';
import type { Harness } from './harness';

/** The problems of `body` against the 200 schema of `route` ('GET /path'); [] when it validates. */
export type AnswerValidator = (route: string, body: unknown, options?: { member?: string; legacy?: boolean }) => string[];

/**
 * Validates answers against the 200 schema the running app's OpenAPI document declares for an operation (decision
 * 021), for the per-area answer tests that exercise branches the documented example leaves out. `member` names the
 * `anyOf` member (its title) the answer must match.
 */
export async function answerValidator(h: Harness): Promise<AnswerValidator> {
  const doc = (await h.http().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, any>> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  return (route, body, options = {}) => {
    const [method, path] = route.split(' ');
    const ok = doc.paths[path]?.[method.toLowerCase()]?.responses?.['200'];
    let schema = options.legacy ? ok?.['x-legacy-shape']?.schema : ok?.content?.['application/json']?.schema;
    if (!schema) return [`${route}: no ${options.legacy ? 'legacy ' : ''}schema declared`];
    const data = schema.properties?.data;
    const union = data?.anyOf ? data : schema;
    if (options.member) {
      const member = (union.anyOf ?? []).find((m: { title?: string }) => m.title === options.member);
      if (!member) return [`${route}: no anyOf member ${options.member}`];
      schema = union === schema ? member : { ...schema, properties: { ...schema.properties, data: member } };
    }
    const validate = ajv.compile(schema);
    return validate(body) ? [] : [`${route}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`];
  };
}
