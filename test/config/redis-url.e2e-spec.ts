import { checkRedisUrl } from '../../src/config/app-config';
import { startHarness } from '../support/harness';

// Its own file: these starts fail before the app installs its logger, so Nest prints through its process-wide static
// logger, which an app booted earlier in the same process (another suite's) points at its own, since reset, pino logger.

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

describe('a REDIS_URL the Redis clients cannot parse', () => {
  const PASSWORD = 'redisPw_s3cret42';

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

/**
 * Start-up and config errors quote what was wrong, and what was wrong may hold a secret: a cookie file's content (a
 * JSON.parse message shows part of the text), a token, a password in a URL. None may reach the error createApp
 * throws (main.ts prints its message), the log lines or anything printed, at the most talkative log level.
 */
describe('start-up and config errors never show a secret', () => {
  /** Short: a JSON.parse message quotes about ten characters around the error, and must be able to quote all of it. */
  const SECRET = 'S3cr3tPw';
  const cookie = `uin=o0123; qqmusic_key=Q_H_L_${SECRET}`;

  /** Everything a start shows: the thrown error (with its stack and own fields), the log lines, the printed output. */
  async function shownBy(start: { env?: Record<string, string>; cookieFile?: string }): Promise<{ failure: Error; shown: string }> {
    const logs: string[] = [];
    let failure: unknown;
    const output = await printed(() =>
      startHarness({ env: { LOG_LEVEL: 'trace', ...start.env }, cookieFile: start.cookieFile, logs }).then((h) => h.close(), (err) => (failure = err)),
    );
    expect(failure).toBeInstanceOf(Error);
    const error = failure as Error;
    return { failure: error, shown: [output, ...logs, error.message, error.stack, JSON.stringify(error)].join('\n') };
  }

  it.each([
    ['a cookie value left unquoted', `{"cookie": ${SECRET}}`],
    ['a cookie file cut short', `{"cookie": "${cookie}`],
    ['text after the JSON', `{"cookie": "${cookie}"} ${SECRET}`],
    ['single quotes', `{'cookie': '${cookie}'}`],
    ['a control character after the key', JSON.stringify({ cookie: `${cookie}\u0007` })],
    ['a musicid that is not digits', JSON.stringify({ cookie: 'uin=o0123', credential: { musicid: SECRET } })],
    ['a credential that is a string', JSON.stringify({ cookie: 'uin=o0123', credential: SECRET })],
    ['a non-string cookie', JSON.stringify({ cookie: { qqmusic_key: SECRET } })],
  ])('a cookie file with %s: the error names COOKIE_FILE, not the secret', async (_what, content) => {
    const { failure, shown } = await shownBy({ cookieFile: content });
    expect(failure.message).toMatch(/^COOKIE_FILE=".*" is invalid: /);
    expect(shown).not.toContain(SECRET);
  });

  it('bad settings holding secrets: every variable named, no value of a secret shown', async () => {
    const env = {
      ADMIN_TOKEN: SECRET,
      REDIS_URL: `http://admin:${SECRET}@cache.example:6379`,
      UPSTREAM_Y_ORIGIN: `https://mirror:${SECRET}@mirror.example/qq`,
      UPSTREAM_U_ORIGIN: `ftp://${SECRET}@u.example`,
    };
    const { failure, shown } = await shownBy({ env });
    for (const name of Object.keys(env)) expect(failure.message).toContain(name);
    expect(shown).not.toContain(SECRET);
  });
});
