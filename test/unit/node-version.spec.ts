import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MINIMUM_NODE_MAJOR, nodeVersionProblem } from '../../src/common/node-version';

describe('nodeVersionProblem', () => {
  it.each(['24.0.0', '24.21.0', 'v25.1.0', '30.0.0'])('%s runs the gateway', (version) => {
    expect(nodeVersionProblem(version)).toBeUndefined();
  });

  it.each(['20.20.2', 'v22.11.0', '23.9.9', 'garbage', ''])('%s is refused with the version needed', (version) => {
    expect(nodeVersionProblem(version)).toContain(`Node.js ${MINIMUM_NODE_MAJOR} or newer is required`);
  });

  it('agrees with package.json engines', () => {
    const { engines } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  });
});
