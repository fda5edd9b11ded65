import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { Transform } from 'class-transformer';

/** Global ValidationPipe settings: coerce via the DTO decorators, drop unknown fields, one readable 400. */
export const validationOptions: ValidationPipeOptions = {
  transform: true,
  // '' and absent parameters leave the DTO's default in place instead of overwriting it with undefined.
  transformOptions: { exposeUnsetFields: false },
  whitelist: true,
  forbidUnknownValues: false,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
  exceptionFactory: (errors: ValidationError[]) => new BadRequestException(flatten(errors).join('; ')),
};

/**
 * The global ValidationPipe, plus one rule for JSON bodies: a top-level `null` means the field is absent, so the
 * DTO's default applies (or its "required" message names it) instead of null slipping past `@IsOptional`.
 */
export class GatewayValidationPipe extends ValidationPipe {
  constructor() {
    super(validationOptions);
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      value = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
    }
    return super.transform(value, metadata);
  }
}

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const name = prefix + e.property;
    const own = Object.values(e.constraints ?? {});
    return own.length ? [own[0]] : flatten(e.children ?? [], `${name}.`);
  });
}

/** Query strings are text: '' counts as absent, a whole number becomes a number, anything else stays (and fails IsInt). */
export const ToInt = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
    return value;
  });

/** 'true'/'1' → true, 'false'/'0' → false, '' → absent, anything else stays (and fails IsBoolean). */
export const ToBool = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (value === true || value === 'true' || value === '1') return true;
    if (value === false || value === 'false' || value === '0') return false;
    return value;
  });

/** Trims text parameters; '' counts as absent so `IsNotEmpty`/required checks name the parameter. */
export const ToTrimmed = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));
