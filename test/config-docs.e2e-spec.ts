import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { configurationDocs } from '../scripts/docs/configuration';
import { ENV_DEFAULTS, loadAppConfig } from '../src/config/app-config';

/**
 * docs/configuration.md and .env.example are rendered from the settings in src/config/config-schema.ts: the
 * committed files must be what the schema renders now, so a setting added or changed there cannot go undocumented.
 */
const ROOT = join(__dirname, '..');
const rendered = async (file: string) => configurationDocs.find((doc) => doc.file === file)!.render();

describe('The configuration docs are rendered from the config schema', () => {
  it.each(configurationDocs.map((doc) => [doc.file, doc] as const))('the committed %s is what the schema renders', async (file, doc) => {
    const committed = readFileSync(join(ROOT, file), 'utf8').split('\n');
    const expected = (await doc.render()).split('\n');
    const line = expected.findIndex((text, i) => committed[i] !== text);
    if (line !== -1 || committed.length !== expected.length) {
      const at = line === -1 ? Math.min(committed.length, expected.length) : line;
      throw new Error(
        `${file} is out of date with src/config/config-schema.ts: run \`npm run docs\` and commit the result.\n` +
          `First difference, line ${at + 1}:\n  committed: ${committed[at] ?? '(end of file)'}\n  rendered:  ${expected[at] ?? '(end of file)'}`,
      );
    }
  });

  it('.env.example, its settings uncommented, sets every variable to its default, which start-up accepts', async () => {
    const uncommented = (await rendered('.env.example')).replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');
    const set = parseEnv(uncommented);
    expect(set).toEqual(ENV_DEFAULTS);
    expect(loadAppConfig(set)).toEqual(loadAppConfig({}));
  });

  it('docs/configuration.md has one row per variable, with its default', async () => {
    const rows = [...(await rendered('docs/configuration.md')).matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| (?:`([^`]*)`|\*\(empty\)\*) \|/gm)];
    expect(Object.fromEntries(rows.map(([, name, value]) => [name, value ?? '']))).toEqual(ENV_DEFAULTS);
    expect(rows).toHaveLength(Object.keys(ENV_DEFAULTS).length);
  });
});
