import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { type AppConfig, type EnvName, SETTINGS } from './config-schema';
import type { Setting } from './setting';

export { BODY_LIMIT_RANGE, checkRedisUrl } from './config-parsers';
export {
  type AppConfig,
  type EnvName,
  LOG_LEVELS,
  type LogFormat,
  type LogLevel,
  RESPONSE_SHAPES,
  type ResponseShape,
  UPSTREAM_HOST_NAMES,
  type UpstreamHost,
  type UpstreamOrigins,
} from './config-schema';

const NAMES = Object.keys(SETTINGS) as EnvName[];

/** Env variable → default (config-schema.ts declares them). */
export const ENV_DEFAULTS = Object.fromEntries(NAMES.map((name) => [name, SETTINGS[name].default])) as Readonly<Record<EnvName, string>>;

export class ConfigValidationError extends Error {
  /** `names[i]` is the variable `problems[i]` is about. */
  constructor(
    readonly problems: string[],
    readonly names: string[] = [],
  ) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

/** Validates the environment and returns the typed settings; throws naming every bad variable (never a secret's value). */
export function loadAppConfig(env: Record<string, string | undefined>): AppConfig {
  const config: Record<string, unknown> = { origins: {} };
  const problems: string[] = [];
  const names: string[] = [];
  // In the declared order, so several mistakes read like the table in docs/configuration.md.
  for (const name of NAMES) {
    const setting: Setting = SETTINGS[name];
    // Blank (`VAR=`, or only spaces as a YAML `VAR: " "` gives) means the default, as .env.example promises.
    const given = env[name]?.trim();
    const value = given === undefined || given === '' ? setting.default : given;
    try {
      const [group, field] = setting.key.split('.');
      if (field) (config[group] as Record<string, unknown>)[field] = setting.parse(value);
      else config[group] = setting.parse(value);
    } catch (err) {
      problems.push(`${name}${shown(setting, value)} ${(err as Error).message}`);
      names.push(name);
    }
  }
  if (problems.length) throw new ConfigValidationError(problems, names);
  return config as AppConfig;
}

/** How a refused value is quoted: secrets not at all, some (URLs) masked, the rest in full. */
function shown(setting: Setting, value: string): string {
  const quoted = setting.secret ? undefined : setting.quote ? setting.quote(value) : JSON.stringify(value);
  return quoted === undefined ? ' (value not shown)' : `=${quoted}`;
}

/**
 * Fills process.env from a local .env file (see .env.example) for every variable the real environment does not set;
 * returns the names it set. A missing file is no error.
 */
export function loadDotEnv(path = '.env'): string[] {
  if (!existsSync(path)) return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    // A bare "EISDIR: illegal operation on a directory, read" would not say which file.
    throw new Error(`cannot read ${resolve(path)}: ${(err as Error).message}`);
  }
  // process.loadEnvFile's rules (Node's own parser; a variable already set wins), but reporting what it set.
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (process.env[name] !== undefined || value === undefined) continue;
    process.env[name] = value;
    set.push(name);
  }
  return set;
}
