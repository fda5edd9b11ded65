import { startHarness, waitFor } from '../support/harness';

// Its own file: nestjs-pino keeps one process-wide root logger (see startup-warning.e2e-spec.ts).
describe('LOG_FORMAT=pretty: one readable line per request', () => {
  it('names method, URL, status, time and cache state on one line, and no secret', async () => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', CACHE_ENABLED: 'true' } });
    try {
      const secret = 'uin=o0123456; qqmusic_key=Q_H_L_prettySecret';
      await h.http().get('/getRanks?topId=4&limit=1').set('Cookie', secret).expect(200);
      await h.http().get('/getSongInfo').expect(400);
      await waitFor(() => logs.some((line) => line.includes('/getSongInfo')));
      const requestLines = logs.filter((line) => line.includes('/getRanks') || line.includes('/getSongInfo'));
      expect(requestLines).toHaveLength(2);
      expect(requestLines[0]).toMatch(/GET \/getRanks\?topId=4&limit=1 200 \d+ ms cache MISS/);
      expect(requestLines[1]).toMatch(/GET \/getSongInfo 400 \d+ ms BAD_REQUEST/);
      // The lines after each headline belong to it only when indented: nothing of the request is dumped below it.
      const afterRanks = logs[logs.indexOf(requestLines[0]) + 1] ?? '';
      expect(afterRanks).not.toMatch(/^\s+(req|res|url|method|headers)/);
      expect(logs.join('\n')).not.toContain('prettySecret');
    } finally {
      await h.close();
    }
  });
});
