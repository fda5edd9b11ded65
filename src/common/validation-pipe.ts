import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { isRecord } from './catalogue';

/**
 * class-validator looks a DTO's rules up again on every validation, walking every class it knows for inherited ones
 * (≈ 1 % of a cache miss's CPU). A class's rules are complete once the class is defined, before anything validates it,
 * so each lookup without groups or schema is kept per class and options.
 */
function keepValidationRuleLookups(): void {
  const storage = getMetadataStorage();
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const kept = new Map<Parameters<typeof lookup>[0], Map<string, ReturnType<typeof lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (schema || groups?.length) return lookup(target, schema, always, strictGroups, groups);
    const options = `${always}:${strictGroups}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map()));
    let rules = byOptions.get(options);
    if (!rules) byOptions.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
keepValidationRuleLookups();

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
 * The global ValidationPipe, plus two rules for JSON bodies: the body must be an object (the parser takes any JSON
 * value, so `null`, `"x"` or `[]` are named for what they are rather than "not valid JSON" or Nest's "Validation failed
 * (object is expected)"; no body at all stays an empty one), and a top-level `null` field means the field is absent,
 * so the DTO's default applies (or its "required" message names it) instead of null slipping past `@IsOptional`.
 */
export class GatewayValidationPipe extends ValidationPipe {
  constructor() {
    super(validationOptions);
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.data === undefined && value !== undefined && !isRecord(value)) {
      throw new BadRequestException('Request body must be a JSON object');
    }
    // Nest's and class-transformer's walks are recursive: a few KB of `[[[[…]]]]` would overflow the stack (a 500).
    if (metadata.type === 'body' && nestingDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      throw new BadRequestException(`Request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels)`);
    }
    if (metadata.type === 'body' && isRecord(value)) {
      value = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
    }
    return super.transform(value, metadata);
  }
}

/** Deeper than any body the gateway accepts (its deepest, batchGetSongInfo's `songs`, is 3 levels). */
const MAX_BODY_DEPTH = 32;

/** How deep objects and arrays nest in `value`, walked without recursion; stops counting past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const name = prefix + e.property;
    const own = Object.values(e.constraints ?? {});
    return own.length ? [own[0]] : flatten(e.children ?? [], `${name}.`);
  });
}
