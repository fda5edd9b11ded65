import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { Transform, TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';

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
    if (metadata.type === 'body' && metadata.data === undefined && value !== undefined && !isPlainObject(value)) {
      throw new BadRequestException('Request body must be a JSON object');
    }
    // Nest's and class-transformer's walks are recursive: a few KB of `[[[[…]]]]` would overflow the stack (a 500).
    if (metadata.type === 'body' && nestingDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      throw new BadRequestException(`Request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels)`);
    }
    if (metadata.type === 'body' && isPlainObject(value)) {
      value = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
    }
    return super.transform(value, metadata);
  }
}

const isPlainObject = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);

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

/** A value a client left blank: absent, so the default applies (`?limit=` and `?limit=%20` alike). */
const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Maps one text value to its canonical spelling; a value it does not recognise comes back trimmed (and fails validation). */
export type CanonicalForm = (text: string) => string;

type TransformFn = Parameters<typeof Transform>[0];
/** Each transform that reads a parameter in a canonical form, and that form. */
const FORM_OF_TRANSFORM = new WeakMap<TransformFn, CanonicalForm>();

/** `Transform(fn)`, with `fn` known to write its field in `form` (canonicalFormOf finds it). */
function CanonicalTransform(fn: TransformFn, form: CanonicalForm): PropertyDecorator {
  FORM_OF_TRANSFORM.set(fn, form);
  return Transform(fn);
}

/**
 * A DTO field's canonical form: the text every spelling the DTO reads alike is written as (undefined: kept as sent).
 * Read from class-transformer's own metadata, which subclasses and PickType/OmitType copies of a DTO inherit, so the
 * response cache keys (and tags) each parameter as its route reads it: `topId=04` and `topId=4` are one entry.
 */
export function canonicalFormOf(dto: new (...args: never[]) => unknown, field: string): CanonicalForm | undefined {
  for (const { transformFn } of defaultMetadataStorage.findTransformMetadatas(dto, field, TransformationType.PLAIN_TO_CLASS)) {
    const form = FORM_OF_TRANSFORM.get(transformFn);
    if (form) return form;
  }
  return undefined;
}

/** ASCII digits, optional `-`: `-0`, `004` and ` 4 ` are `0`, `4` and `4`; `+4`, `4.0`, `0x4`, `٤` are not integers. */
export const integerForm: CanonicalForm = (text) => {
  const trimmed = text.trim();
  const m = /^(-?)(\d+)$/.exec(trimmed);
  if (!m) return trimmed;
  const digits = m[2].replace(/^0+(?=\d)/, '');
  return digits === '0' ? digits : m[1] + digits;
};

/** A numeric id: ASCII digits, leading zeros dropped (`08800000012` → `8800000012`, `000` → `0`). */
export const numericIdForm: CanonicalForm = (text) => {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, '') : trimmed;
};

/** Comma-separated numeric ids: each canonical, blanks around the commas dropped (`07, 8` → `7,8`). */
export const numericIdListForm: CanonicalForm = (text) => text.split(',').map(numericIdForm).join(',');

/**
 * A text parameter read in its canonical form: blank counts as absent, a JSON number that is a safe whole number is
 * taken as its digits, anything else stays (and fails the field's pattern).
 */
export const ToCanonical = (form: CanonicalForm): PropertyDecorator =>
  CanonicalTransform(({ value }) => {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return form(String(value));
    return typeof value === 'string' ? form(value) || undefined : value;
  }, form);

/** A numeric id sent as text (disstid, songid, singerid…): see numericIdForm. */
export const ToNumericId = () => ToCanonical(numericIdForm);

/**
 * Query strings are text: blank counts as absent, a whole number in plain ASCII digits (optional `-`, surrounding
 * whitespace) becomes a number, anything else stays (and fails IsInt). Its canonical form is integerForm.
 */
export const ToInt = (): PropertyDecorator => CanonicalTransform(toInt, integerForm);
const toInt: TransformFn = ({ value }) => {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return value;
};

/** 'true'/'1' → true, 'false'/'0' → false (trimmed, any case), blank → absent, anything else stays (and fails IsBoolean). */
export const ToBool = () =>
  Transform(({ value }) => {
    if (isBlank(value)) return undefined;
    if (typeof value === 'boolean') return value;
    const word = typeof value === 'string' ? value.trim().toLowerCase() : value;
    if (word === 'true' || word === '1') return true;
    if (word === 'false' || word === '0') return false;
    return value;
  });

/** Trims text parameters; '' counts as absent so `IsNotEmpty`/required checks name the parameter. */
export const ToTrimmed = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** Word choices (`order=Time`, `quality=FLAC`): trimmed and lower-cased; '' counts as absent (default applies). */
export const ToLowerTrimmed = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value));
