import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The recorded payloads live beside the sources; from dist/ they are read from the source tree. */
const DIR = [join(__dirname, 'fixtures'), join(__dirname, '..', '..', 'fake-upstream', 'fixtures')].find((d) =>
  existsSync(d),
)!;

const cache = new Map<string, string>();

export function fixtureText(name: string): string {
  if (!cache.has(name)) cache.set(name, readFileSync(join(DIR, name), 'utf8'));
  return cache.get(name)!;
}

/** A fresh parsed copy of a JSON fixture (callers may mutate it). */
export function fixture<T = any>(name: string): T {
  return JSON.parse(fixtureText(name)) as T;
}

const shared = new Map<string, unknown>();

/**
 * One parsed, deeply frozen copy of a JSON fixture, for handlers that only read it on every call: parsing it afresh
 * per call cost the bench's 2-core VM CPU that the server under test needs.
 */
export function sharedFixture<T = any>(name: string): T {
  if (!shared.has(name)) shared.set(name, deepFreeze(fixture(name)));
  return shared.get(name) as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
