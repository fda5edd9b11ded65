import { availableParallelism } from 'node:os';
import { ConfigValidationError, loadAppConfig } from '../../src/config/app-config';

/** WORKERS (docs/operations.md "Workers"): 1 by default, auto = the CPUs this process may use, 1 to 64 otherwise. */
describe('WORKERS', () => {
  const workers = (value?: string) => loadAppConfig(value === undefined ? {} : { WORKERS: value }).workers;

  it('is 1 unless set, and blank means the default', () => {
    expect(workers()).toBe(1);
    expect(workers('  ')).toBe(1);
  });

  it('takes auto (any case) as one worker per available CPU, and a number from 1 to 64', () => {
    expect(workers('auto')).toBe(Math.min(availableParallelism(), 64));
    expect(workers('AUTO')).toBe(Math.min(availableParallelism(), 64));
    expect(workers('1')).toBe(1);
    expect(workers('64')).toBe(64);
  });

  it.each(['0', '65', '-1', '2.5', 'two', 'auto2'])('refuses %j, naming the variable and what it takes', (value) => {
    let err: unknown;
    try {
      workers(value);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigValidationError);
    expect((err as ConfigValidationError).names).toEqual(['WORKERS']);
    expect((err as Error).message).toContain(`WORKERS=${JSON.stringify(value)} must be auto or a whole number from 1 to 64`);
  });
});
