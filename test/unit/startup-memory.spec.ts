import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { pauseOptimisersForStartup, releaseStartupMemory } from '../../src/common/startup-memory';

const newSpaceBytes = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

/** Whether V8 optimises a fresh function when asked to on its next call (V8's test intrinsics; bit 4 = optimised). */
function optimisesOnRequest(): boolean {
  setFlagsFromString('--allow-natives-syntax');
  // Compiled here, after the flag: a new script each time, so no earlier optimisation is reused.
  const fn = runInThisContext('(n) => n * 2 + 1') as (n: number) => number;
  const intrinsic = (call: string) => runInThisContext(`(f) => ${call}(f)`) as (f: unknown) => number;
  intrinsic('%PrepareFunctionForOptimization')(fn);
  fn(1);
  fn(2);
  intrinsic('%OptimizeFunctionOnNextCall')(fn);
  fn(3);
  return (intrinsic('%GetOptimizationStatus')(fn) & 16) !== 0;
}

describe('start-up memory', () => {
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

  it('keeps the optimising compilers off from the pause until start-up memory is released', () => {
    expect(optimisesOnRequest()).toBe(true);

    pauseOptimisersForStartup();
    expect(optimisesOnRequest()).toBe(false);

    releaseStartupMemory();
    expect(optimisesOnRequest()).toBe(true);
  });
});
