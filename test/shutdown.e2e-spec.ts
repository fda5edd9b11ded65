import { startHarness, waitFor } from './support/harness';

describe('Graceful shutdown', () => {
  it('finishes in-flight requests, ends long polls with a clear 503, and closes promptly', async () => {
    const h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '10000', ALT_LOGIN_POLL_TIMEOUT_MS: '30000' } });
    const { body: qr } = await h.http().get('/getAltLoginQr').expect(200);
    h.fake.fault({ kind: 'latency', ms: 300 }, { host: 'u', module: 'music.musicToplist.Toplist.GetDetail' });
    const slow = h.http().get('/getRanks?topId=4&limit=2').then((r) => r);
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
    expect(Date.now() - started).toBeLessThan(2000);
    await h.fake.stop();
  });
});
