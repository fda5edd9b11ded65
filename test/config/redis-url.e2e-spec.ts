import { checkRedisUrl } from '../../src/config/app-config';
import { startHarness } from '../support/harness';

// Its own file: these starts fail before the app installs its logger, so Nest prints through its process-wide static
// logger, which an app booted earlier in the same process (another suite's) points at its own, since reset, pino logger.
describe('a REDIS_URL the Redis clients cannot parse', () => {
  const PASSWORD = 'redisPw_s3cret42';

  /** Everything the process prints while `run` goes (Nest prints a failed start with its own console logger). */
  async function printed(run: () => Promise<unknown>): Promise<string> {
    const lines: string[] = [];
    const keep = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const spies = [jest.spyOn(process.stdout, 'write').mockImplementation(keep), jest.spyOn(process.stderr, 'write').mockImplementation(keep)];
    try {
      await run();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return lines.join('');
  }

  // The config check took any redis:// text; each of these used to fail inside a Redis client, and Nest printed the
  // TypeError in full, its `input` (the whole URL, password included) with it. Now the config check refuses them.
  it.each([
    ['a port out of range', `redis://:${PASSWORD}@127.0.0.1:99999`, /must be a redis:\/\/ or rediss:\/\/ URL/],
    ['an unclosed IPv6 host', `redis://:${PASSWORD}@[::1`, /must be a redis:\/\/ or rediss:\/\/ URL/],
    ['a path that is no database number', `redis://:${PASSWORD}@127.0.0.1:6379/cache`, /must be a redis:\/\/ or rediss:\/\/ URL: .*\[\/database number\]/],
    ['a malformed %-escape in the password', `redis://:%ZZ${PASSWORD}@127.0.0.1:6379`, /malformed %-escape in its user or password/],
  ])('%s stops start-up with an error naming REDIS_URL, never printing the password', async (_what, url, reason) => {
    let failure: unknown;
    const output = await printed(() => startHarness({ env: { REDIS_URL: url } }).then((h) => h.close(), (err) => (failure = err)));
    expect(output).not.toContain(PASSWORD);
    expect(JSON.stringify({ ...(failure as object), message: (failure as Error).message, stack: (failure as Error).stack })).not.toContain(PASSWORD);
    expect((failure as Error).message).toMatch(/^Invalid configuration: REDIS_URL="redis:\/\/\*\*\*@/);
    expect((failure as Error).message).toMatch(reason);
    // Refused by the config check, before any Redis client saw the URL (main.ts prints this one line: config.e2e-spec).
  });

  it('the URLs the clients do take still pass the check', () => {
    for (const url of ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379/0', 'redis://redis', 'rediss://:p%40ss@cache.example:6380/15', 'redis://user:pw@[::1]:6379/', 'redis://h:6379?family=6']) {
      expect(checkRedisUrl(url)).toBeUndefined();
    }
  });
});
