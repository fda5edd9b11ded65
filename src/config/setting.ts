/**
 * One environment variable of the gateway: its default, what it accepts, how it is read into AppConfig, and the line
 * that documents it. config-schema.ts declares every setting once with the builders below; AppConfig's type, the
 * validation, docs/configuration.md and .env.example all follow from that declaration.
 */
export interface Setting<Key extends string = string, Value = unknown> {
  /** The AppConfig field it fills; `origins.<host>` for an upstream origin. */
  readonly key: Key;
  /** As written in the environment; '' = unset. A blank value (`VAR=`, or only spaces) means this default. */
  readonly default: string;
  /** What it accepts, in the docs' words: a range, the words it takes, or a form. */
  readonly accepts: string;
  /** One line for docs/configuration.md and .env.example. */
  readonly description: string;
  /** A refused value is never shown, only the variable's name. */
  readonly secret?: boolean;
  /** The trimmed value (the default when blank) as AppConfig holds it; throws an Error saying what it accepts. */
  parse(value: string): Value;
  /** How a refused value is quoted in the error (undefined = not shown). Without it: in full, as JSON. */
  quote?(value: string): string | undefined;
}

interface Described<K extends string> {
  key: K;
  description: string;
}

/**
 * A whole number within [min, max]. The bounds keep each value usable by what consumes it (a timer takes at most
 * 2^31-1 ms) and out of the nonsensical (a 0 ms WeChat poll answers 408 at once); the message quotes them.
 */
export function int<K extends string, V = number>(
  s: Described<K> & { default: number; min: number; max: number; unit?: string; note?: string; transform?: (n: number) => V },
): Setting<K, V> {
  const note = s.note ? ` (${s.note})` : '';
  const message = `must be a whole number${s.unit ? ` of ${s.unit}` : ''} from ${s.min} to ${s.max}${note}`;
  return {
    key: s.key,
    default: String(s.default),
    accepts: `${s.min} to ${s.max}${s.unit ? ` ${s.unit}` : ''}${note}`,
    description: s.description,
    parse: (value) => {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(n >= s.min && n <= s.max)) throw new Error(message);
      return s.transform ? s.transform(n) : (n as V);
    },
  };
}

/** One of a few words, exactly as written (class-validator's IsIn message, which the tests and operators know). */
export function oneOf<K extends string, const W extends readonly string[]>(s: Described<K> & { values: W; default: W[number] }): Setting<K, W[number]> {
  return {
    key: s.key,
    default: s.default,
    accepts: s.values.join(' | '),
    description: s.description,
    parse: (value) => {
      if (s.values.includes(value)) return value;
      throw new Error(`must be one of the following values: ${s.values.join(', ')}`);
    },
  };
}

/** `true` or `false`. */
export function flag<K extends string>(s: Described<K> & { default: boolean }): Setting<K, boolean> {
  const words = oneOf({ ...s, values: ['true', 'false'], default: s.default ? 'true' : 'false' });
  return { ...words, parse: (value) => words.parse(value) === 'true' };
}

/** Anything else: the form in the docs' words, and a parser of its own (config-parsers.ts). */
export function custom<K extends string, V>(
  s: Described<K> & Pick<Setting<K, V>, 'default' | 'accepts' | 'secret' | 'parse' | 'quote'>,
): Setting<K, V> {
  return s;
}

/** A parser from a check that returns its complaint (or undefined): the value itself, unchanged. */
export const checkedBy =
  (check: (value: string) => string | undefined) =>
  (value: string): string => {
    const problem = check(value);
    if (problem) throw new Error(problem);
    return value;
  };
