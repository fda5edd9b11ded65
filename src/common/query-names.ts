import { PARAMTYPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { canonicalFormOf, type CanonicalForm } from './validation';

/** @nestjs/swagger's metadata key listing a DTO's @ApiProperty fields (its constants are not exported). */
const API_MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

type DtoClass = new (...args: never[]) => unknown;

/** One declared query parameter, and the DTO class that declares it (none for a `@Query('name')` argument). */
interface QueryParam {
  name: string;
  dto?: DtoClass;
}

function declaredQueryParams(controller: object, prototype: object, method: string): QueryParam[] {
  const params: QueryParam[] = [];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, prototype, method) ?? []) as (DtoClass | undefined)[];
  for (const [key, { index, data }] of Object.entries(args)) {
    if (key.split(':')[0] !== String(RouteParamtypes.QUERY)) continue;
    if (typeof data === 'string') params.push({ name: data });
    const dto = types[index];
    const fields = (dto && Reflect.getMetadata(API_MODEL_PROPERTIES_ARRAY, dto.prototype)) as string[] | undefined;
    if (data === undefined) for (const field of fields ?? []) params.push({ name: field.replace(/^:/, ''), dto });
  }
  return params;
}

/**
 * The query parameters one handler declares, read from the decorators the OpenAPI document is built from
 * (`@Query('name')` and the `@ApiProperty` fields of a `@Query()` DTO), without building the document.
 */
export function declaredQueryNames(controller: object, prototype: object, method: string): string[] {
  return declaredQueryParams(controller, prototype, method).map(({ name }) => name);
}

/** The canonical form of each of the handler's query parameters that declares one (ToInt, ToNumericId, …). */
export function declaredQueryForms(controller: object, prototype: object, method: string): Map<string, CanonicalForm> {
  const forms = new Map<string, CanonicalForm>();
  for (const { name, dto } of declaredQueryParams(controller, prototype, method)) {
    const form = dto && canonicalFormOf(dto, name);
    if (form) forms.set(name, form);
  }
  return forms;
}
