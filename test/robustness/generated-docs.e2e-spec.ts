import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATORS } from '../../scripts/docs/generate';

/**
 * Every generated file (under docs/, .env.example, the TypeScript client's clients/typescript/src/schema.d.ts) is what
 * its generator renders today: a change to a controller, DTO, answer schema or config declaration that is not followed
 * by `npm run docs` fails here, naming the file.
 */
describe('generated docs', () => {
  it.each(GENERATORS.map((doc) => [doc.file, doc] as const))('%s is up to date', async (file, doc) => {
    const rendered = await doc.render();
    let committed = '';
    try {
      committed = readFileSync(join(__dirname, '..', '..', file), 'utf8');
    } catch {
      // Absent: reported below like any difference.
    }
    if (committed !== rendered) {
      const lines = committed.split('\n');
      const at = rendered.split('\n').findIndex((line, i) => line !== lines[i]);
      throw new Error(`${file} differs from what its generator renders (first at line ${at + 1}): run \`npm run docs\` and commit the result`);
    }
  }, 120_000);

  it('renders the same text twice (no dates, ports or unordered output)', async () => {
    for (const doc of GENERATORS) expect(await doc.render()).toBe(await doc.render());
  }, 240_000);
});
