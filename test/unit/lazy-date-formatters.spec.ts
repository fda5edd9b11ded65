import type { ConsoleLogger } from '@nestjs/common';

/**
 * Nest's two loggers each build an Intl.DateTimeFormat as their module loads (≈ 6 MB of ICU data at rest). Loaded
 * through loadNestWithLazyDateFormatters, neither is built until a timestamp is formatted, and the global constructor
 * is the real one again afterwards. Each case loads Nest afresh (an isolated module registry).
 */
describe('Nest loaded with date formatters built on first use', () => {
  const Real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Real;
  });

  /** Intl.DateTimeFormat counting what it builds; Nest and the module under test are loaded afresh after it. */
  function loadCounting(lazy: boolean): { built: () => number; counting: typeof Intl.DateTimeFormat; logger: ConsoleLogger } {
    let built = 0;
    const counting = new Proxy(Real, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>, newTarget) {
        built++;
        return Reflect.construct(target, args, newTarget) as Intl.DateTimeFormat;
      },
    });
    Intl.DateTimeFormat = counting;
    let logger!: ConsoleLogger;
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the counting constructor is in place */
      if (lazy) (require('../../src/common/lazy-date-formatters') as typeof import('../../src/common/lazy-date-formatters')).loadNestWithLazyDateFormatters();
      const nest = require('@nestjs/common') as typeof import('@nestjs/common');
      /* eslint-enable @typescript-eslint/no-require-imports */
      logger = new nest.ConsoleLogger();
    });
    return { built: () => built, counting, logger };
  }

  it('builds no formatter while Nest loads, and the real one when a timestamp is first formatted', () => {
    const { built, counting, logger } = loadCounting(true);
    expect(built()).toBe(0);
    expect(Intl.DateTimeFormat).toBe(counting);
    const stamp = (logger as unknown as { getTimestamp(): string }).getTimestamp();
    expect(built()).toBe(1);
    expect(stamp).toMatch(/\d{4}/);
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', day: '2-digit', month: '2-digit' };
    expect(stamp.replace(/\d/g, '0')).toBe(new Real(undefined, options).format(Date.now()).replace(/\d/g, '0'));
  });

  it('loaded plainly, Nest builds both formatters at once (what the gateway avoids)', () => {
    expect(loadCounting(false).built()).toBe(2);
  });
});
