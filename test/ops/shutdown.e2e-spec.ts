import { Agent } from 'node:http';
import { startHarness, waitFor } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';

describe('Graceful shutdown', () => {
  it('finishes in-flight requests, ends long polls with a clear 503, and closes promptly', async () => {
    // A drain bound far past the close's own bound below: a close that waited for it could not pass on any machine.
    const h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '10000', ALT_LOGIN_POLL_TIMEOUT_MS: '30000', SHUTDOWN_DRAIN_TIMEOUT_MS: '30000' } });
    const { body: qr } = await h.http().get('/getAltLoginQr').expect(200);
    h.fake.fault({ kind: 'latency', ms: 300 }, { host: 'u', module: DETAIL });
    // A keep-alive client (supertest's own sends `Connection: close`, which the answer would echo whatever the gateway does).
    const keepAlive = new Agent({ keepAlive: true });
    try {
      const slow = h.http().get('/getRanks?topId=4&limit=2').agent(keepAlive).then((r) => r);
      const poll = h.http().post('/checkAltLoginQr').send({ uuid: qr.uuid }).then((r) => r);
      await waitFor(() => h.fake.requestsTo('wxLp').length === 1 && h.fake.musicuCalls().length === 1, 3000, 'both upstream calls');
      const started = Date.now();
      await h.app.close();
      const [slowRes, pollRes] = await Promise.all([slow, poll]);
      expect(slowRes.status).toBe(200);
      expect(slowRes.body.data.songInfoList).toHaveLength(2);
      // the connection is not kept alive past the answer, so closing does not wait for keep-alive timeouts
      expect(slowRes.headers.connection).toBe('close');
      expect(pollRes.status).toBe(503);
      expect(pollRes.body).toEqual({ error: 'The gateway is restarting; retry the request', errorCode: 'SHUTTING_DOWN' });
      expect(pollRes.headers['retry-after']).toBe('1');
      // Slack for a loaded machine, yet far below what waiting would take (drain 30 s, poll 30 s, keep-alive 65 s).
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      keepAlive.destroy();
      await h.fake.stop();
    }
  });

  it('a request sent after shutdown began is refused, even on the kept-alive connection of one still being answered', async () => {
    const h = await startHarness();
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      h.fake.hold(DETAIL);
      const inFlight = h.http().get('/getRanks?topId=4&limit=2').agent(keepAlive).then((r) => r);
      await waitFor(() => h.fake.musicuCalls(DETAIL).length === 1, 3000, 'the in-flight call to reach upstream');
      const server = h.app.getHttpServer();
      const closing = h.app.close();
      await waitFor(() => !server.listening, 3000, 'the gateway to stop accepting');
      // One socket per origin: this request waits for the in-flight one's connection, then may only try a new one.
      const late = h
        .http()
        .get('/user/getUserAvatar?uin=1')
        .agent(keepAlive)
        .then(
          (r) => ({ status: r.status, error: undefined }),
          (err: NodeJS.ErrnoException) => ({ status: undefined, error: err.code }),
        );
      h.fake.release(DETAIL);
      const answered = await inFlight;
      expect({ status: answered.status, connection: answered.headers.connection }).toEqual({ status: 200, connection: 'close' });
      expect(await late).toEqual({ status: undefined, error: 'ECONNREFUSED' });
      await closing;
    } finally {
      keepAlive.destroy();
      await h.fake.stop();
    }
  });
});
