import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clientDocs } from './clients';
import { configurationDocs } from './configuration';
import { endpointDocs } from './endpoints';
import type { GeneratedDoc } from './generated-doc';
import { glossaryDocs } from './glossary';
import { typescriptClientDocs } from './typescript-client';

/**
 * Every generator `npm run docs` runs. Add a generator's list here (and nothing else): test/generated-docs checks
 * each file it renders against the committed one.
 */
// ---- generators: start -------------------------------------------------------------------------------------------
export const GENERATORS: GeneratedDoc[] = [...endpointDocs, ...configurationDocs, ...clientDocs, ...typescriptClientDocs, ...glossaryDocs];
// ---- generators: end ---------------------------------------------------------------------------------------------

/** The repository root: this file runs from dist/scripts/docs/ (npm run docs) or scripts/docs/ (ts). */
const ROOT = join(__dirname, __dirname.includes(`${join('dist', 'scripts')}`) ? '../../..' : '../..');

async function main(): Promise<void> {
  for (const doc of GENERATORS) {
    const path = join(ROOT, doc.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await doc.render());
    console.log(`wrote ${doc.file}`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
