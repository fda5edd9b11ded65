import { closeOnSignal, runDemo, startDemo } from './demo-runner';

/**
 * Offline walk-through of both QR logins: the fake upstream plus the gateway, in one process.
 *
 *   npm run build && node dist/fake-upstream/demo-login.js          # prints the curl steps, keeps running
 *   npm run build && node dist/fake-upstream/demo-login.js --walk   # runs both logins itself and exits
 *
 * The fake's "phone" is a control route on the fake ptlogin / lp.open.weixin hosts: `/__demo/scan?...&action=…`.
 */
runDemo('Login demo', async () => {
  const demo = await startDemo({
    PORT: process.env.PORT ?? '3200',
    ALT_LOGIN_POLL_TIMEOUT_MS: process.env.ALT_LOGIN_POLL_TIMEOUT_MS ?? '5000',
  });
  const { url, origins } = demo;
  console.log('Fake upstream origins:');
  for (const [host, origin] of Object.entries(origins)) console.log(`  ${host.padEnd(12)} ${origin}`);
  console.log(`Gateway: ${url}\n`);

  if (process.argv.includes('--walk')) {
    try {
      await walk(url, origins.ptlogin, origins.wxLp);
    } finally {
      await demo.close();
    }
    return;
  }
  console.log(`QQ (Main) login:
  curl -s ${url}/getMainLoginQr                                   # note qrsig and loginToken
  curl -s -X POST ${url}/checkMainLoginQr -H 'Content-Type: application/json' -d '{"qrsig":"<qrsig>","loginToken":"<loginToken>"}'   # waiting
  curl -s '${origins.ptlogin}/__demo/scan?action=confirm&qrsig=<qrsig URL-encoded>'   # the "phone" (scan|confirm|refuse|expire)
  curl -s -X POST ${url}/checkMainLoginQr -H 'Content-Type: application/json' -d '{"qrsig":"<qrsig>","loginToken":"<loginToken>"}'   # session

WeChat (Alt) login:
  curl -s ${url}/getAltLoginQr                                    # note uuid and loginToken
  curl -s '${origins.wxLp}/__demo/scan?action=confirm&uuid=<uuid>'   # scan|confirm|cancel|expire
  curl -s -X POST ${url}/checkAltLoginQr -H 'Content-Type: application/json' -d '{"uuid":"<uuid>","loginToken":"<loginToken>"}'

QQ Music app login (states pushed to the gateway over MQTT):
  curl -s ${url}/getAppLoginQr                                    # note qrcodeId and loginToken
  curl -s '${origins.mu}/__demo/scan?action=confirm&qrcodeId=<qrcodeId>'   # scan|confirm|cancel|expire
  curl -s -X POST ${url}/checkAppLoginQr -H 'Content-Type: application/json' -d '{"qrcodeId":"<qrcodeId>","loginToken":"<loginToken>"}'

Use the session (any login):
  curl -s -H 'X-Custom-Cookie: <session.cookie>' '${url}/user/getUserPlaylists?uin=<session.uin>'
`);
  closeOnSignal(demo);
});

async function walk(url: string, ptlogin: string, wxLp: string): Promise<void> {
  const post = async (path: string, body: object): Promise<any> =>
    (await fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
  const show = (label: string, body: unknown) => console.log(`${label}:`, JSON.stringify(body, (k, v) => (k === 'img' ? `${String(v).slice(0, 40)}…` : v)));

  const qr = (await (await fetch(`${url}/getMainLoginQr`)).json()) as { qrsig: string; ptqrtoken: string };
  show('GET /getMainLoginQr', qr);
  show('POST /checkMainLoginQr (before the scan)', await post('/checkMainLoginQr', { qrsig: qr.qrsig }));
  await fetch(`${ptlogin}/__demo/scan?action=scan&qrsig=${encodeURIComponent(qr.qrsig)}`);
  show('POST /checkMainLoginQr (scanned)', await post('/checkMainLoginQr', { qrsig: qr.qrsig, ptqrtoken: qr.ptqrtoken }));
  await fetch(`${ptlogin}/__demo/scan?action=confirm&qrsig=${encodeURIComponent(qr.qrsig)}`);
  const qq = await post('/checkMainLoginQr', { qrsig: qr.qrsig });
  show('POST /checkMainLoginQr (confirmed)', qq);
  await useSession(qq.session);

  const wx = (await (await fetch(`${url}/getAltLoginQr`)).json()) as { uuid: string };
  show('GET /getAltLoginQr', wx);
  await fetch(`${wxLp}/__demo/scan?action=scan&uuid=${wx.uuid}`);
  show('POST /checkAltLoginQr (scanned)', await post('/checkAltLoginQr', { uuid: wx.uuid }));
  await fetch(`${wxLp}/__demo/scan?action=confirm&uuid=${wx.uuid}`);
  const alt = await post('/checkAltLoginQr', { uuid: wx.uuid });
  show('POST /checkAltLoginQr (confirmed)', alt);
  await useSession(alt.session);

  async function useSession(session: { uin: string; cookie: string } | undefined): Promise<void> {
    if (!session) return;
    const res = await fetch(`${url}/user/getUserPlaylists?uin=${encodeURIComponent(session.uin)}`, { headers: { 'X-Custom-Cookie': session.cookie } });
    show(`GET /user/getUserPlaylists?uin=${session.uin} (the session)`, await res.json());
  }
}
