import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { FAKE_MUSICKEY_QQ, qqConfirm } from '../../fake-upstream/handlers/login';
import { probeRoutes, QQ_UIN } from '../support/credentials';
import { Child, runEntry } from '../support/child-process';
import { waitFor } from '../support/harness';

/**
 * SIGTERM while a client waits on a QR login chain (docs/login.md "A confirmed login finishes once"): the client gets a
 * JSON answer within SHUTDOWN_DRAIN_TIMEOUT_MS — the session if the chain ends in time, else 503 SHUTTING_DOWN at half
 * the bound — never a cut connection; the chain itself still finishes and is stored before the exit. The real gateway
 * (src/main.ts) runs in a child process against the fake upstream in this one, which holds the login exchange.
 */

/** The default drain bound: the refusal comes 5 s after SIGTERM, 5 s before the cut; a chain of milliseconds ends well within it. */
const DRAIN_MS = 10_000;
/** Room for start-up noise on a shared machine: an exit later than the bounds + this is a hang, not slowness. */
const MARGIN_MS = 10_000;
const QQ_LOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const DRAIN_CUT = 'Shutdown: stopped waiting for requests after';

interface Answer {
  status?: number;
  body: string;
  /** 'answered' once the whole answer arrived, 'cut' when the connection closed without one. */
  ended: Promise<'answered' | 'cut'>;
}

describe('Shutdown while a client waits on a QR login chain (real process, SIGTERM)', () => {
  let fake: FakeUpstream;
  let dir: string;
  let child: Child | undefined;
  let url: string;

  beforeEach(async () => {
    fake = new FakeUpstream([...ROUTES, probeRoutes]);
    await fake.start();
    dir = mkdtempSync(join(tmpdir(), 'login-shutdown-'));
    child = runEntry('src/main.ts', dir, {
      ...fake.env(),
      PORT: '0',
      HOST: '127.0.0.1',
      COOKIE_FILE: join(dir, 'user-info.json'),
      COOKIE_FILE_CHECK_MS: '0',
      LOG_LEVEL: 'info',
      CACHE_ENABLED: 'false',
      RATE_LIMIT: '0',
      UPSTREAM_RETRIES: '0',
      UPSTREAM_TIMEOUT_MS: '60000',
      CANARY_INTERVAL_S: '0',
      LOGIN_PERSIST_COOKIE: 'true',
      SHUTDOWN_DRAIN_TIMEOUT_MS: String(DRAIN_MS),
      SHUTDOWN_WORK_TIMEOUT_MS: '600000',
    });
    [, url] = await child.waitFor(/Listening on (http:\/\/[\d.]+:\d+)/);
  }, 90_000);

  afterEach(async () => {
    fake.release(QQ_LOGIN);
    await child?.kill();
    child = undefined;
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  /** A confirmed QQ login whose exchange (QQLogin) is held upstream while its client waits for the answer. */
  async function checkWaitingOnExchange(): Promise<Answer> {
    const { qrsig, loginToken } = (await (await fetch(`${url}/getMainLoginQr`)).json()) as { qrsig: string; loginToken: string };
    qqConfirm(fake.state, qrsig);
    fake.hold(QQ_LOGIN);
    const answer: Partial<Answer> = { body: '' };
    answer.ended = new Promise((resolve) => {
      const req = httpRequest(new URL('/checkMainLoginQr', url), { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        answer.status = res.statusCode;
        res.setEncoding('utf8');
        res.on('data', (d: string) => (answer.body += d));
        res.on('end', () => resolve('answered'));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
      req.end(JSON.stringify({ qrsig, loginToken }));
    });
    await waitFor(() => fake.musicuCalls(QQ_LOGIN).length === 1, 10_000, 'the login exchange');
    return answer as Answer;
  }

  const saved = () => JSON.parse(readFileSync(join(dir, 'user-info.json'), 'utf8')) as unknown;

  it('a chain still running at half the drain bound: the client gets 503 SHUTTING_DOWN (JSON), and the login is stored before the exit', async () => {
    const answer = await checkWaitingOnExchange();
    child!.proc.kill('SIGTERM');
    expect(await answer.ended).toBe('answered');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('restarting while this login finishes'), errorCode: 'SHUTTING_DOWN' });
    // Answered before the drain bound: no connection was left for it to cut.
    await child!.waitFor(/Shutdown: waiting up to 600000 ms for work outside requests \(QR login: 1\)/, DRAIN_MS + MARGIN_MS);
    expect(child!.output()).not.toContain(DRAIN_CUT);

    fake.release(QQ_LOGIN);
    expect(await child!.exited).toEqual({ code: 0, signal: null });
    expect(saved()).toMatchObject({ uin: QQ_UIN, credential: { musicid: QQ_UIN, musickey: FAKE_MUSICKEY_QQ } });
  }, 120_000);

  it('a chain that ends within the drain: the waiting client gets its session', async () => {
    const answer = await checkWaitingOnExchange();
    child!.proc.kill('SIGTERM');
    await child!.waitFor(/Shutting down on SIGTERM/, MARGIN_MS);
    fake.release(QQ_LOGIN);
    expect(await answer.ended).toBe('answered');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } });
    expect(await child!.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
