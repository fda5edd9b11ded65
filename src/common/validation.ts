import { Transform, TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

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
