import type { OpenAPIObject } from '@nestjs/swagger';
import { Type as TypeBox } from '@sinclair/typebox';
import { jsonSchemaOf } from '../common/answer-schema';
import { legacySchemaOf } from './legacy-shape';

/** The extension on a 200 response that declares the route's legacy answer (docs/legacy.md "Legacy answers in the OpenAPI document"). */
export const LEGACY_SHAPE_EXTENSION = 'x-legacy-shape';

/**
 * Declares on every operation's 200 response the answer `?shape=legacy` (or `X-Response-Shape: legacy`, or
 * RESPONSE_SHAPE=legacy) gives, where it differs from the normalised one: `x-legacy-shape: { description, schema }`,
 * the schema declared beside the route's adapter (LEGACY_ROUTES), else the default `{ response: <upstream answer> }`.
 * Done on the document, like addGatewayWideErrors, so a route added later gets the default without a decorator.
 */
export function addLegacyShapes(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const ok = item[method]?.responses['200'] as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined;
      const normal = ok?.content?.['application/json']?.schema;
      if (!ok || !normal) continue;
      const declared = legacySchemaOf(routeNameOfPath(path));
      if (declared === 'normal') continue;
      const { example: _example, ...normalSchema } = normal;
      const schema = typeof declared === 'function' ? declared(TypeBox.Unsafe(normalSchema)) : declared;
      Object.assign(ok, {
        [LEGACY_SHAPE_EXTENSION]: {
          description: 'The answer with `?shape=legacy`, `X-Response-Shape: legacy` or RESPONSE_SHAPE=legacy (docs/legacy.md).',
          schema: jsonSchemaOf(schema),
        },
      });
    }
  }
}

/** The route name the legacy shape keys on, of a documented path: `/getSongLists/{page}/{limit}` → `getSongLists`. */
const routeNameOfPath = (path: string): string => path.split('/').filter((part) => part && !part.startsWith('{')).pop() ?? '';
