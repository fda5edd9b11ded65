import { startHarness } from './support/harness';

// Its own file: nestjs-pino keeps one process-wide root logger, so start-up lines of apps booted later in the
// same test process can land in another app's stream.
describe('Start-up warning when rate limiting runs without trust proxy', () => {
  it.each([
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false' }, true],
    [{ RATE_LIMIT: '100', TRUST_PROXY: '1' }, false],
    [{ RATE_LIMIT: '0', TRUST_PROXY: 'false' }, false],
  ])('%j → warning %s', async (env, warned) => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { ...env, LOG_LEVEL: 'warn' } });
    try {
      const warning = logs.some((line) => line.includes('Rate limiting is on but TRUST_PROXY is off'));
      expect(warning).toBe(warned);
    } finally {
      await h.close();
    }
  });
});
