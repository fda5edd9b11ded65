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
