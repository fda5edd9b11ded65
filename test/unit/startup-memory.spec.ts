import { getHeapSpaceStatistics } from 'node:v8';
import { releaseStartupMemory } from '../../src/common/startup-memory';

const newSpaceBytes = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

describe('releaseStartupMemory', () => {
  it('gives back the young generation that a burst of short-lived objects grew', () => {
    // Objects that survive a few scavenges make V8 grow the young generation, as module loading does at start-up.
    let keep: unknown[] = [];
    for (let i = 0; i < 400_000; i++) {
      keep.push({ i, text: `item ${i}` });
      if (keep.length > 100_000) keep = [];
    }
    const grown = newSpaceBytes();
    expect(grown).toBeGreaterThan(2 * 2 ** 20);
    keep = [];

    releaseStartupMemory();

    expect(newSpaceBytes()).toBeLessThan(grown / 2);
  });
});
