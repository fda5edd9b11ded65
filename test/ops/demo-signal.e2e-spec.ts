import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Child, CHILD_BOUND_MS as BOUND_MS, runEntry } from '../support/child-process';

/**
 * The demo entries as a user runs them: a child process, SIGTERM once it answers. The demo owns two servers (the
 * gateway and the fake upstream); it must close the gateway once (one shutdown line), then the fake, and exit 0.
 * Every wait is on the child's output or exit, bounded generously; nothing depends on timing.
 */

describe('Demo entries on SIGTERM', () => {
  let dir: string;
  let child: Child | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-signal-'));
  });
  afterEach(async () => {
    await child?.kill();
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['fake-upstream/demo.ts', /Demo gateway on (http:\/\/\S+)/],
    ['fake-upstream/demo-login.ts', /Gateway: (http:\/\/\S+)/],
  ])(
    '%s closes the gateway once, then the fake upstream, and exits 0 (SIGTERM, then SIGINT)',
    async (entry, ready) => {
      // no .env in `dir`: the demo reads .env from its working directory
      child = runEntry(entry, dir, { PORT: '0', HOST: '127.0.0.1', COOKIE_FILE: join(dir, 'cookie.json'), LOG_LEVEL: 'info' });
      const [, url] = await child.waitFor(ready);
      const res = await fetch(`${url}/getLyric?songmid=0039MnYb0qxYhV`);
      expect(res.status).toBe(200); // answered through the fake upstream
      child.proc.kill('SIGTERM');
      child.proc.kill('SIGINT'); // an impatient second Ctrl-C changes nothing
      const exit = await child.exited;
      const lines = child.output().split('\n');
      expect(lines.filter((l) => l.includes('Shutting down'))).toHaveLength(1);
      expect(exit).toEqual({ code: 0, signal: null });
      const closed = lines.findIndex((l) => l.includes('Demo closed: gateway, then the fake upstream'));
      expect(closed).toBeGreaterThan(lines.findIndex((l) => l.includes('Shutting down')));
    },
    2 * BOUND_MS,
  );
});
