import { parseEnv } from 'node:util';
import { configurationDocs } from '../../scripts/docs/configuration';
import { ENV_DEFAULTS, loadAppConfig } from '../../src/config/app-config';

/**
 * docs/configuration.md and .env.example are rendered from the settings in src/config/config-schema.ts (that the
 * committed files are current is test/generated-docs' job): what they render must agree with what start-up accepts.
 */
const rendered = async (file: string) => configurationDocs.find((doc) => doc.file === file)!.render();

describe('The configuration docs are rendered from the config schema', () => {
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
