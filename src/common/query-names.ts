import { PARAMTYPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

/** @nestjs/swagger's metadata key listing a DTO's @ApiProperty fields (its constants are not exported). */
const API_MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

/**
 * The query parameters one handler declares, read from the decorators the OpenAPI document is built from
 * (`@Query('name')` and the `@ApiProperty` fields of a `@Query()` DTO), without building the document.
 */
export function declaredQueryNames(controller: object, prototype: object, method: string): string[] {
  const names: string[] = [];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, prototype, method) ?? []) as ({ prototype: object } | undefined)[];
  for (const [key, { index, data }] of Object.entries(args)) {
    if (key.split(':')[0] !== String(RouteParamtypes.QUERY)) continue;
    if (typeof data === 'string') names.push(data);
    const fields = (types[index] && Reflect.getMetadata(API_MODEL_PROPERTIES_ARRAY, types[index].prototype)) as string[] | undefined;
    if (data === undefined) for (const field of fields ?? []) names.push(field.replace(/^:/, ''));
  }
  return names;
}
