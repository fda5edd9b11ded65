import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { loginFake, qqConfirm, FAKE_MUSICKEY_QQ } from '../../fake-upstream/handlers/login';
import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { maskUin } from '../../src/credentials/credential.model';
import { LOGIN, OLD_KEY, probeRoutes, QQ_UIN, qqLogin } from '../support/credentials';

/**
 * Shutdown waits (bounded by SHUTDOWN_WORK_TIMEOUT_MS) for the work that runs outside requests — a confirmed QR login
 * whose client left, a credential refresh — before the upstream pools close. The fake holds that work's upstream call
 * while app.close() runs (as SIGTERM does), then releases it.
 */

const QQ_LOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const WAITING = 'Shutdown: waiting up to';

describe('Shutdown and work outside requests', () => {
  let h: Harness;
  let logs: string[];
  const saved = () => JSON.parse(readFileSync(h.cookieFile, 'utf8'));
  const messages = () => logs.map((l) => JSON.parse(l) as { level: number; msg: string });

  async function start(env: Record<string, string> = {}, cookieFile?: object): Promise<void> {
    logs = [];
    h = await startHarness({ env: { LOGIN_PERSIST_COOKIE: 'true', LOG_LEVEL: 'info', ...env }, routes: [probeRoutes], logs, cookieFile });
  }

  /** app.close() as SIGTERM runs it; `closed()` tells whether it has finished. */
  function close(): { done: Promise<void>; closed: () => boolean } {
    let closed = false;
    const done = h.app.close().then(() => {
      closed = true;
    });
    return { done, closed: () => closed };
  }

  /** A QQ login whose scan is confirmed and whose client hangs up while the exchange (QQLogin) is held upstream. */
  async function confirmedLoginClientGone(): Promise<void> {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    h.fake.hold(QQ_LOGIN);
    const client = clientThatLeaves(h, '/checkMainLoginQr', { qrsig });
    await waitFor(() => h.fake.musicuCalls(QQ_LOGIN).length === 1, 3000, 'the login exchange');
    await client.leave();
  }

  /** A refresh in the background (key within the margin): the request that started it has its answer already. */
  async function backgroundRefresh(): Promise<void> {
    h.fake.hold(LOGIN);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    await waitFor(() => h.fake.musicuCalls(LOGIN).length === 1, 3000, 'the refresh call');
  }

  afterEach(async () => {
    await h.fake.stop();
    rmSync(dirname(h.cookieFile), { recursive: true, force: true });
  });

  it('a confirmed QR login whose client left finishes and is stored before the upstream pools close', async () => {
    await start();
    await confirmedLoginClientGone();

    const shutdown = close();
    await waitFor(() => shutdown.closed() || logs.some((l) => l.includes(WAITING)), 3000, 'shutdown to wait');
    expect(shutdown.closed()).toBe(false);
    expect(messages().find((m) => m.msg.includes(WAITING))?.msg).toContain('(QR login: 1)');
    h.fake.release(QQ_LOGIN);
    await shutdown.done;

    const file = saved();
    expect(file).toMatchObject({ uin: QQ_UIN, credential: { musicid: QQ_UIN, musickey: FAKE_MUSICKEY_QQ } });
    expect(file.cookie).toContain(`qqmusic_key=${FAKE_MUSICKEY_QQ}`);
    // The account number is masked in logs, as everywhere else (it was logged in full).
    expect(logs.some((l) => l.includes(`Login for account ${maskUin(QQ_UIN)} saved`))).toBe(true);
    expectNoSecretInLogs(logs, [QQ_UIN]);
    expect(logs.some((l) => l.includes('stopped waiting'))).toBe(false);
  });

  it('a credential refresh running in the background at shutdown finishes and is stored', async () => {
    await start({}, qqLogin(259200 - 600)); // within CREDENTIAL_REFRESH_MARGIN_S (3600 s) of expiry
    await backgroundRefresh();

    const shutdown = close();
    await waitFor(() => shutdown.closed() || logs.some((l) => l.includes(WAITING)), 3000, 'shutdown to wait');
    expect(shutdown.closed()).toBe(false);
    expect(messages().find((m) => m.msg.includes(WAITING))?.msg).toContain('(credential refresh: 1)');
    h.fake.release(LOGIN);
    await shutdown.done;

    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(saved()).toMatchObject({ credential: { musickey: newKey }, refresh: { outcome: 'ok' } });
    expect(saved().cookie).toContain(`qm_keyst=${newKey}`);
    expect(logs.some((l) => l.includes('Credential refresh for account 15******37 (key expires soon): ok'))).toBe(true);
  });

  it('work that does not end is cut at SHUTDOWN_WORK_TIMEOUT_MS, with one warn line saying what and how much', async () => {
    await start({ SHUTDOWN_WORK_TIMEOUT_MS: '300' }, qqLogin(259200 - 600));
    await backgroundRefresh();
    await confirmedLoginClientGone();

    const started = Date.now();
    await h.app.close(); // both upstream calls stay held: only the bound ends the wait
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    const cut = messages().filter((m) => m.msg.includes('stopped waiting'));
    expect(cut).toHaveLength(1);
    expect(cut[0].level).toBe(40); // warn
    expect(cut[0].msg).toBe(
      'Shutdown: stopped waiting for work outside requests after 300 ms (SHUTDOWN_WORK_TIMEOUT_MS); cut: credential refresh: 1, QR login: 1',
    );
    expectNoSecretInLogs(logs, [OLD_KEY, 'RK_old', 'PSKEY', FAKE_MUSICKEY_QQ]);
  });
});
