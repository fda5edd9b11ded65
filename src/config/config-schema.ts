import type { Setting } from './setting';
import { LISTENER } from './settings/listener';
import { UPSTREAM } from './settings/upstream';
import { COOKIE_FILE } from './settings/cookie-file';
import { SERVER, LOG_LEVELS, LOG_FORMATS } from './settings/server';
import { LOGIN } from './settings/login';
import { REDIS_AND_CACHE } from './settings/redis-and-cache';
import { LIMITS } from './settings/limits';
import { ADMIN } from './settings/admin';
import { SHAPE, RESPONSE_SHAPES } from './settings/shape';
import { CREDENTIAL } from './settings/credential';
import { CANARY } from './settings/canary';

/**
 * Every environment variable the gateway reads, declared once, in sections. The order is the order of the docs
 * (docs/configuration.md, .env.example) and of the problems a refused configuration lists. AppConfig's type is derived
 * from these declarations (bottom of the file); `npm run docs` renders the docs from them. Each section's settings are
 * declared in settings/<section>.ts.
 */

export { LOG_FORMATS, LOG_LEVELS, RESPONSE_SHAPES };

/** The sections of the docs, in order; `note` is a paragraph above the section's variables. */
export const SECTIONS: readonly { title: string; note?: string; settings: Readonly<Record<string, Setting>> }[] = [
  { title: 'HTTP listener', settings: LISTENER },
  {
    title: 'Upstream hosts',
    note: 'The real QQ Music, ptlogin and WeChat hosts by default; point them at a mirror or the fake upstream.',
    settings: UPSTREAM,
  },
  { title: 'Login cookie file', note: 'Shaped like config/user-info.example.json; re-read when it changes.', settings: COOKIE_FILE },
  { title: 'Logging and the HTTP server', settings: SERVER },
  { title: 'QR login', settings: LOGIN },
  { title: 'Redis and the response cache', settings: REDIS_AND_CACHE },
  { title: 'Limits and retries', settings: LIMITS },
  { title: 'Admin routes', note: 'Off (404) unless a token is set; it is compared in constant time.', settings: ADMIN },
  {
    title: 'Response shape',
    note: 'Per request, `?shape=legacy|normalised` or the header `X-Response-Shape` wins over it.',
    settings: SHAPE,
  },
  {
    title: 'Keeping the login alive',
    note:
      'The full login credential (musickey, refresh_key, refresh_token…) lives in COOKIE_FILE, or in Redis under ' +
      'CREDENTIAL_REDIS_KEY when REDIS_URL is set (shared by every instance).',
    settings: CREDENTIAL,
  },
  { title: 'Upstream canary', note: 'Off in the tests and the demo; see docs/operations.md "Upstream canary".', settings: CANARY },
];

/** Every setting by variable name, in the sections' order. */
export const SETTINGS = { ...LISTENER, ...UPSTREAM, ...COOKIE_FILE, ...SERVER, ...LOGIN, ...REDIS_AND_CACHE, ...LIMITS, ...ADMIN, ...SHAPE, ...CREDENTIAL, ...CANARY };

export type EnvName = keyof typeof SETTINGS;

/** The real host name behind each upstream key (for messages and logs; the fake upstream plays these hosts). */
export const UPSTREAM_HOST_NAMES = Object.fromEntries(Object.values(UPSTREAM).flatMap((s) => ('host' in s ? [[s.host, s.hostName]] : []))) as Record<
  UpstreamHost,
  string
>;

// AppConfig, derived: each setting's `key` becomes a field holding what its parser returns.
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Fields = { [N in EnvName as (typeof SETTINGS)[N]['key']]: ReturnType<(typeof SETTINGS)[N]['parse']> };

/** The upstream origins by host key (`origins.<host>` settings), e.g. `u` = u.y.qq.com's. */
export type UpstreamOrigins = Simplify<{ [K in keyof Fields as K extends `origins.${infer H}` ? H : never]: Fields[K] }>;
export type UpstreamHost = keyof UpstreamOrigins;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

/** The validated settings, by the field each setting fills (see the setting for its variable, range and meaning). */
export type AppConfig = Simplify<{ [K in keyof Fields as K extends `origins.${string}` ? never : K]: Fields[K] } & { origins: UpstreamOrigins }>;
