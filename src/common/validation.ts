import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

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

// ---------------------------------------------------------------------------------------------------------------------
// Each parameter decorator below applies the checks, the transform and the @ApiProperty from one declaration, so the
// document cannot drift from the checks. Checks go type, size, content: the first failure is the one reported.

/** What every parameter's documentation says besides its constraints. */
export interface ParamDoc {
  description: string;
  /** Left out only where Swagger UI would send it and hide an alternative parameter (GetSongInfoQuery's songmid). */
  example?: unknown;
  /** Required (`<name> is required` when absent). Otherwise optional: absent reads as the field's initial value. */
  required?: boolean;
}

/** A decorator whose parts name the parameter (every message starts with it). */
const byName =
  (parts: (name: string) => PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const part of parts(String(key))) part(target, key);
  };

const presence = (name: string, doc: ParamDoc, message = `${name} is required`): PropertyDecorator =>
  doc.required ? IsDefined({ message }) : IsOptional();

/**
 * The @ApiProperty of a parameter. An optional one's default is the field's initial value (`limit = 20`), read from a
 * fresh instance, so the default is declared once and what the document says is what an absent parameter reads as.
 */
const Documented =
  (schema: ApiPropertyOptions, doc: ParamDoc): PropertyDecorator =>
  (target, key) => {
    const initial = doc.required ? undefined : (Reflect.construct(target.constructor, []) as Record<string | symbol, unknown>)[key];
    const example = doc.example === undefined ? {} : { example: doc.example };
    const defaultValue = initial === undefined ? {} : { default: initial };
    ApiProperty({ ...schema, description: doc.description, ...defaultValue, ...example, required: !!doc.required } as ApiPropertyOptions)(target, key);
  };

export interface IntParamOptions extends ParamDoc {
  min: number;
  max: number;
  /** The values, when the range is a short list (documented as an `enum` as well). */
  values?: readonly number[];
  /**
   * How an out-of-range value is told: one message naming both bounds (`limit must be between 1 and 100`, the default)
   * or one per bound (`page must be 0 or more`, `page must be at most 1000`).
   */
  outOfRange?: 'between' | 'perBound';
  /** A JSON body's number only: text is not read as a number. */
  jsonOnly?: boolean;
  messages?: { integer?: string; min?: string; max?: string };
}

/** A whole number from `min` to `max`; query text is read by ToInt. */
export const IntParam = (o: IntParamOptions): PropertyDecorator =>
  byName((name) => {
    const between = `${name} must be between ${o.min} and ${o.max}`;
    const perBound = o.outOfRange === 'perBound';
    return [
      presence(name, o),
      ...(o.jsonOnly ? [] : [ToInt()]),
      Documented({ type: 'integer', minimum: o.min, maximum: o.max, ...(o.values ? { enum: [...o.values] } : {}) }, o),
      IsInt({ message: o.messages?.integer ?? `${name} must be an integer` }),
      Min(o.min, { message: o.messages?.min ?? (perBound ? `${name} must be ${o.min} or more` : between) }),
      Max(o.max, { message: o.messages?.max ?? (perBound ? `${name} must be at most ${o.max}` : between) }),
    ];
  });

/** Items per page: 1 to `max`. */
export const LimitParam = (o: Omit<IntParamOptions, 'min'>): PropertyDecorator => IntParam({ min: 1, ...o });

/**
 * How every normalised route pages, stated once (docs/glossary.md "Paging" renders it): the first page is 0. The
 * routes only the older services had keep their own paging (/getSearchByType, /searchByType: 1-based), and so does
 * the legacy shape (docs/legacy.md "Request compatibility (both shapes)").
 */
export const PAGE_BASE_NOTE = '`page` is 0-based on every normalised route: 0 is the first page, and page n starts at item n × limit.';

/** Each page parameter's description starts so. */
const PAGE_DESCRIPTION = '0-based page (0 is the first).';

/**
 * A page of a normalised route: 0-based (PAGE_BASE_NOTE), 0 to `max`, each bound told on its own. `description` adds
 * what the route does with it (the upstream offset), after the base every page parameter states.
 */
export const PageParam = (o: Omit<IntParamOptions, 'min' | 'outOfRange' | 'description'> & { description?: string }): PropertyDecorator =>
  IntParam({ min: 0, outOfRange: 'perBound', ...o, description: o.description ? `${PAGE_DESCRIPTION} ${o.description}` : PAGE_DESCRIPTION });

/** A family of ids: what its values look like, and how a refusal names one. */
export interface IdFamily {
  /** The whole value (`^…$`), as checked. */
  pattern: RegExp;
  /** What a refusal says a value must be: `<name> must be <noun>`. */
  noun: string;
  /** The spelling the value is read in (numeric ids: leading zeros dropped); the cache key reads it too. */
  form?: CanonicalForm;
  /** The pattern documented, when the form reads more than `pattern` takes (`o0…` uins). */
  sent?: RegExp;
}

/** A QQ Music MID (songs, albums, singers) or MV vid: letters and digits, at most 32. */
export const MID_PATTERN = /^[0-9A-Za-z]{1,32}$/;
const MID_RULE = 'letters and digits, at most 32 characters';
/** Digits only, at most `max`: a numeric id. */
const digits = (max: number) => new RegExp(`^\\d{1,${max}}$`);

export const SONG_MID: IdFamily = { pattern: MID_PATTERN, noun: `a song MID (${MID_RULE})` };
export const ALBUM_MID: IdFamily = { pattern: MID_PATTERN, noun: `an album MID (${MID_RULE})` };
export const SINGER_MID: IdFamily = { pattern: MID_PATTERN, noun: `a singer MID (${MID_RULE})` };
export const MV_VID: IdFamily = { pattern: MID_PATTERN, noun: `an MV vid (${MID_RULE})` };
/** Song ids: at most 15 digits, so they stay exact as JS numbers (2^53 has 16). */
export const SONG_ID: IdFamily = { pattern: digits(15), noun: 'a numeric song id (at most 15 digits)', form: numericIdForm };
/** Playlist ids the gateway reads as numbers (detail, owned playlists): at most 15 digits, as song ids. */
export const PLAYLIST_ID: IdFamily = { pattern: digits(15), noun: 'a numeric playlist id', form: numericIdForm };
/** Playlist ids the collect routes take (anyone's playlist): at most 20 digits. */
export const COLLECTED_PLAYLIST_ID: IdFamily = { pattern: digits(20), noun: 'a playlist id (digits only, at most 20)', form: numericIdForm };
/** Playlist ids a song's related playlists are paged by: at most 12 digits. */
export const RELATED_PLAYLIST_ID: IdFamily = { pattern: digits(12), noun: 'a playlist id (digits, at most 12)', form: numericIdForm };

export interface IdParamOptions extends ParamDoc {
  /** Trimmed, and blank read as absent (ToTrimmed); a numeric family's form trims anyway. */
  trim?: boolean;
}

/** One id of `family`. */
export const IdParam = (family: IdFamily, o: IdParamOptions): PropertyDecorator =>
  byName((name) => [
    presence(name, o),
    ...(family.form ? [ToCanonical(family.form)] : o.trim ? [ToTrimmed()] : []),
    Documented({ type: 'string', pattern: (family.sent ?? family.pattern).source }, o),
    Matches(family.pattern, { message: `${name} must be ${family.noun}` }),
  ]);

/** `^id(,id){0,max-1}$`: 1 to `max` ids of `family`, comma-separated. */
const idListPattern = (family: IdFamily, max: number): RegExp => {
  const id = family.pattern.source.slice(1, -1);
  return new RegExp(`^${id}(,${id}){0,${max - 1}}$`);
};

export interface IdListParamOptions extends ParamDoc {
  max: number;
  /** How the text is read before the check (a numeric family's default: each id in its canonical form). */
  read?: PropertyDecorator;
  message: string;
}

/** 1 to `max` ids of `family` in one text parameter, comma-separated. */
export const IdListParam = (family: IdFamily, o: IdListParamOptions): PropertyDecorator => {
  const pattern = idListPattern(family, o.max);
  const read = o.read ?? (family.form ? ToCanonical(numericIdListForm) : ToTrimmed());
  return byName((name) => [presence(name, o), read, Documented({ type: 'string', pattern: pattern.source }, o), Matches(pattern, { message: o.message })]);
};

/** The items of an ArrayParam: ids of a family, or whole numbers in a range. */
export type ArrayItem = IdFamily | { min: number; max: number };

export interface ArrayParamOptions extends ParamDoc {
  /** At least this many items (none needed when left out). */
  min?: number;
  max: number;
  /** How the array is read before the checks (e.g. JSON numbers as ids). */
  read?: PropertyDecorator;
  messages: { notArray: string; tooFew?: string; tooMany: string; item: string };
}

/** A JSON array of at most `max` items (a body field): checked as an array, then its size, then each item. */
export const ArrayParam = (item: ArrayItem, o: ArrayParamOptions): PropertyDecorator =>
  byName((name) => {
    const each = { each: true, message: o.messages.item };
    const items =
      'pattern' in item
        ? { schema: { type: 'string', pattern: item.pattern.source }, checks: [Matches(item.pattern, each)] }
        : { schema: { type: 'integer', minimum: item.min, maximum: item.max }, checks: [IsInt(each), Min(item.min, each), Max(item.max, each)] };
    return [
      presence(name, o),
      ...(o.read ? [o.read] : []),
      Documented({ type: 'array', items: items.schema, ...(o.min ? { minItems: o.min } : {}), maxItems: o.max }, o),
      IsArray({ message: o.messages.notArray }),
      ...(o.min ? [ArrayMinSize(o.min, { message: o.messages.tooFew ?? o.messages.notArray })] : []),
      ArrayMaxSize(o.max, { message: o.messages.tooMany }),
      ...items.checks,
    ];
  });

export interface TextParamOptions extends ParamDoc {
  /** The whole value's pattern (documented as `pattern`), and how a value that does not match is told. */
  match?: { pattern: RegExp; message: string };
  maxLength?: number;
  /** Not a string (a JSON number, a repeated query parameter) is told so first. */
  string?: boolean;
  /** How the text is read (default: as sent). */
  read?: PropertyDecorator;
  messages?: { string?: string; maxLength?: string };
}

/** Free text, bounded by a length or a pattern: checked as a string, then its length, then its characters. */
export const TextParam = (o: TextParamOptions): PropertyDecorator =>
  byName((name) => [
    presence(name, o),
    ...(o.read ? [o.read] : []),
    Documented({ type: 'string', ...(o.maxLength !== undefined ? { maxLength: o.maxLength } : {}), ...(o.match ? { pattern: o.match.pattern.source } : {}) }, o),
    ...(o.string ? [IsString({ message: o.messages?.string ?? `${name} must be a string` })] : []),
    ...(o.maxLength !== undefined ? [MaxLength(o.maxLength, { message: o.messages?.maxLength ?? `${name} must be at most ${o.maxLength} characters` })] : []),
    ...(o.match ? [Matches(o.match.pattern, { message: o.match.message })] : []),
  ]);

export interface BoolParamOptions extends ParamDoc {
  /** A JSON body's boolean only: `"true"`, `1` and the like are refused. */
  jsonOnly?: boolean;
  message?: string;
}

/** `true`/`false`; query text `true`/`1`/`false`/`0` is read by ToBool. */
export const BoolParam = (o: BoolParamOptions): PropertyDecorator =>
  byName((name) => [
    presence(name, o),
    ...(o.jsonOnly ? [] : [ToBool()]),
    Documented({ type: 'boolean' }, o),
    IsBoolean({ message: o.message ?? `${name} must be true or false` }),
  ]);

export interface ChoiceParamOptions extends ParamDoc {
  /** How the text is read (default: ToInt for numbers, ToLowerTrimmed for words). */
  read?: PropertyDecorator;
  /** The values documented, when more spellings are read than the ones checked (aliases, upstream's own codes). */
  documented?: readonly (string | number)[];
  messages?: { required?: string; integer?: string; choice?: string };
}

/** One of `values`. A number that is not one is told the choices; `messages.integer` first tells a non-integer so. */
export const ChoiceParam = (values: readonly (string | number)[], o: ChoiceParamOptions): PropertyDecorator =>
  byName((name) => {
    const numeric = typeof values[0] === 'number';
    return [
      presence(name, o, o.messages?.required),
      o.read ?? (numeric ? ToInt() : ToLowerTrimmed()),
      Documented({ type: numeric ? 'integer' : 'string', enum: [...(o.documented ?? values)] }, o),
      ...(o.messages?.integer ? [IsInt({ message: o.messages.integer })] : []),
      IsIn([...values], { message: o.messages?.choice ?? `${name} must be one of ${values.join(', ')}` }),
    ];
  });
