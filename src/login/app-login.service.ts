import { HttpStatus, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { describeCode, retryAfterHeader, UPSTREAM_CODES } from '../common/upstream-codes';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AppQrPush, AppQrPushError, type AppQrPushEvent, type AppQrSubscription } from '../upstream/app-qr-push';
import { type AppQrAnswer, AppQrLoginClient } from '../upstream/clients/app-qr-login.client';
import { UpstreamError } from '../upstream/upstream.errors';
import { type AppQrState, type AppQrStateName, AppQrStates } from './app-qr-states';
import type { CheckAppLoginBody } from './dto/app-login.dto';
import { FinishedLogins } from './finished-logins';
import type { LoginCheck } from './login-admission';
import { badLoginAnswer } from './login-errors';
import type { AppLoggedIn, AppPollState, AppQrAnswer as QrAnswer } from './login.answers';
import { LoginPersistService } from './login-persist.service';
import type { StoreChoice } from './login-store';
import { answerCredentialIf, extractMusicid, sessionOfMusicuLogin } from './login.parse';

/** The finished-login channel of app QR logins. */
const CHANNEL = 'app';
/** How long a state outlives the QR's watch, so a late check still reads how it ended. */
const STATE_GRACE_MS = 10 * 60_000;
/** What a full instance tells a caller to wait before asking again. */
const BUSY_RETRY_S = 30;
/** The QR id goes into an MQTT topic: no `/`, `+` or `#`, bounded. */
const QRCODE_ID = /^[A-Za-z0-9_.:=-]{1,128}$/;

const MESSAGES: Record<AppQrStateName, string> = {
  waiting: '等待扫码',
  scanned: '已扫码，等待确认',
  confirming: '已确认，正在登录',
  confirmed: '登录成功',
  canceled: '已取消',
  expired: '二维码已失效',
  failed: '登录失败',
};

/** One QR this instance watches. */
interface Watch {
  qrcodeId: string;
  check: LoginCheck;
  store: StoreChoice;
  subscription?: AppQrSubscription;
  timer?: NodeJS.Timeout;
  ended: boolean;
}

/**
 * The QQ Music app QR login (docs/login.md "QQ Music app QR"): CreateQRCode, then the issuing instance subscribes to
 * the QR's pushed states (one MQTT connection each, at most APP_LOGIN_MAX_SUBSCRIPTIONS) and records them
 * (AppQrStates) for every check to read. On the pushed cookies it runs the Login exchange once, through the same
 * finished-login rules as the other QR logins (FinishedLogins): the session to the QR's loginToken, a used QR never
 * twice. A watch ends on a terminal state, on APP_LOGIN_QR_TTL_S, and at shutdown.
 */
@Injectable()
export class AppLoginService implements OnApplicationShutdown {
  private readonly logger = new Logger('Login');
  private readonly watches = new Set<Watch>();
  private stopping = false;

  constructor(
    private readonly client: AppQrLoginClient,
    private readonly push: AppQrPush,
    private readonly states: AppQrStates,
    private readonly persist: LoginPersistService,
    private readonly finished: FinishedLogins,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How many QRs this instance watches now (a slot is taken before upstream is asked). */
  get watching(): number {
    return this.watches.size;
  }

  async getQr(store: StoreChoice): Promise<Shaped<QrAnswer>> {
    if (this.stopping || this.watches.size >= this.config.appLoginMaxSubscriptions) throw busy();
    const watch: Watch = { qrcodeId: '', check: { key: '', caller: null, owner: null }, store, ended: false };
    this.watches.add(watch);
    try {
      const created = await ask(() => this.client.createQr());
      if (created.code !== 0) throw commonAnswer(created.code) ?? refused(created);
      const img = typeof created.data.qrcode === 'string' ? created.data.qrcode : '';
      const qrcodeId = typeof created.data.qrcodeID === 'string' ? created.data.qrcodeID : '';
      const base64 = /^(?:data:image\/png;base64,)?([A-Za-z0-9+/=]+)$/.exec(img)?.[1];
      if (!base64 || !QRCODE_ID.test(qrcodeId)) throw badLoginAnswer('CreateQRCode answered no QR image or no usable qrcodeID', 'LOGIN_QR_FETCH_FAILED');
      watch.qrcodeId = qrcodeId;
      const ttlMs = this.config.appLoginQrTtlS * 1000;
      // loginToken goes to this caller alone, bound to the QR: only it redeems the login (the qrcodeID is in the QR).
      const loginToken = await this.finished.issue(CHANNEL, qrcodeId, ttlMs + STATE_GRACE_MS);
      watch.check = await this.finished.admit(CHANNEL, qrcodeId, loginToken);
      // Recorded before the subscription opens, so no pushed state can be overwritten by it.
      await this.record(watch, { state: 'waiting' });
      watch.subscription = await this.subscribe(watch);
      if (watch.ended) throw busy(); // shutdown began meanwhile
      watch.timer = setTimeout(() => void this.end(watch, { state: 'expired' }), ttlMs);
      watch.timer.unref();
      return new Shaped({ img: `data:image/png;base64,${base64}`, qrcodeId, loginToken }, created.raw);
    } catch (err) {
      watch.ended = true;
      this.watches.delete(watch);
      void watch.subscription?.close();
      throw err;
    }
  }

  /** Answers what the subscriber recorded; a finished login's session only to the QR's loginToken (FinishedLogins). */
  async check(body: CheckAppLoginBody): Promise<Shaped> {
    const check = await this.finished.admit(CHANNEL, body.qrcodeId, body.loginToken);
    const done = await this.finished.find(check);
    if (done) return answerCredentialIf(done, body.credential);
    const state = await this.states.get(check.key);
    if (!state) throw unknownQr();
    if (state.failure) {
      const { status, errorCode, error, upstreamCode } = state.failure;
      throw new GatewayError(status, errorCode, error, upstreamCode === undefined ? {} : { upstreamCode });
    }
    // Confirmed, but its session is gone from every store the finished-login rules keep it in (120 s).
    if (state.state === 'confirmed') throw new GatewayError(HttpStatus.GONE, 'LOGIN_QR_USED', 'This QR code was already used to log in; get a new QR code');
    const answer: AppPollState = { isOk: false, state: state.state as AppPollState['state'], message: MESSAGES[state.state] };
    if (state.state === 'canceled' || state.state === 'expired') answer.refresh = true;
    return new Shaped(answer, answer);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.watches].map((watch) => this.end(watch)));
  }

  private async subscribe(watch: Watch): Promise<AppQrSubscription> {
    try {
      return await this.push.subscribe(watch.qrcodeId, (event) => void this.onPush(watch, event));
    } catch (err) {
      if (!(err instanceof AppQrPushError)) throw err;
      const status = err.timedOut ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY;
      throw new GatewayError(status, 'LOGIN_PUSH_UNAVAILABLE', `The QQ Music app QR login's push service is unavailable: ${err.message}`);
    }
  }

  private async onPush(watch: Watch, event: AppQrPushEvent): Promise<void> {
    if (watch.ended) return;
    switch (event.type) {
      case 'scanned':
        return this.record(watch, { state: 'scanned' });
      case 'canceled':
        return this.end(watch, { state: 'canceled' });
      case 'timeout':
        return this.end(watch, { state: 'expired' });
      case 'loginFailed':
        return this.end(watch, failed(HttpStatus.BAD_GATEWAY, 'LOGIN_REJECTED', 'The QQ Music app reported the login failed'));
      case 'lost':
        return this.end(watch, failed(HttpStatus.BAD_GATEWAY, 'LOGIN_PUSH_LOST', "The QQ Music app QR login's push connection closed before the login finished; get a new QR code"));
      case 'cookies':
        return this.confirm(watch, event.uin, event.key);
    }
  }

  /** The pushed cookies: the watch ends, and the Login exchange runs once under the finished-login rules. */
  private async confirm(watch: Watch, uin: string | undefined, key: string | undefined): Promise<void> {
    await this.end(watch, { state: 'confirming' });
    if (!uin || !/^\d{1,20}$/.test(uin) || !key) {
      return this.record(watch, failed(HttpStatus.BAD_GATEWAY, 'LOGIN_NO_CREDENTIAL', 'The pushed login carries no qqmusic_uin or qqmusic_key'));
    }
    try {
      await this.finished.run(watch.check, () => this.exchange(watch, uin, key), (r) => (r.body as AppLoggedIn).isOk === true);
      await this.record(watch, { state: 'confirmed' });
    } catch (err) {
      const known = err instanceof GatewayError ? err : undefined;
      if (!known) this.logger.warn(`App QR login exchange failed (${(err as Error).name})`);
      const timedOut = err instanceof UpstreamError && err.kind === 'timeout';
      const status: number = known?.getStatus() ?? (timedOut ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY);
      const code = known?.errorCode ?? (timedOut ? 'LOGIN_TIMEOUT' : 'LOGIN_REJECTED');
      const upstreamCode = typeof known?.extra.upstreamCode === 'number' ? known.extra.upstreamCode : undefined;
      await this.record(watch, failed(status, code, known?.message ?? 'The QQ Music app QR login exchange failed', upstreamCode));
    }
  }

  private async exchange(watch: Watch, uin: string, key: string): Promise<Shaped<AppLoggedIn>> {
    const answer = await ask(() => this.client.login(uin, watch.qrcodeId, key));
    if (answer.code !== 0) throw refused(answer);
    const data = answer.data;
    const { musicid, loginType, session, credential } = sessionOfMusicuLogin(data, extractMusicid(JSON.stringify(data)) ?? uin);
    const body: AppLoggedIn = { isOk: true, state: 'confirmed', message: MESSAGES.confirmed, session, credential };
    await this.persist.saveConfirmedLogin(body, { cookie: session.cookie, musicid, loginType, data }, watch.store);
    return new Shaped(body, answer.raw);
  }

  private record(watch: Watch, state: AppQrState): Promise<void> {
    return this.states.set(watch.check.key, state, this.config.appLoginQrTtlS * 1000 + STATE_GRACE_MS);
  }

  /** Ends a watch once: its timer, its subscription (DISCONNECT), its slot; records the final state when given. */
  private async end(watch: Watch, state?: AppQrState): Promise<void> {
    if (watch.ended) return;
    watch.ended = true;
    clearTimeout(watch.timer);
    this.watches.delete(watch);
    if (state) await this.record(watch, state);
    await watch.subscription?.close();
  }
}

function failed(status: number, errorCode: string, error: string, upstreamCode?: number): AppQrState {
  return { state: 'failed', failure: { status, errorCode, error, ...(upstreamCode === undefined ? {} : { upstreamCode }) } };
}

/** A single-use call: a timeout is the login's (504); a business code is read by the caller. */
async function ask(call: () => Promise<AppQrAnswer>): Promise<AppQrAnswer> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'timeout') throw new GatewayError(HttpStatus.GATEWAY_TIMEOUT, 'LOGIN_TIMEOUT', 'The QQ Music app QR login call timed out');
    throw err;
  }
}

/** A refused Login exchange, or CreateQRCode with a code no route reads alike (docs/upstream/login.md "QQ Music app QR login"). */
function refused({ code }: AppQrAnswer): GatewayError {
  const extra = { upstreamCode: code };
  if (code === 20274 || code === 20279) return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_DEVICE_LIMIT', `Login refused: too many devices on this account (code ${code})`, extra);
  if (code === 20277 || code === 20278 || code === 20450) return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_ACCOUNT_RESTRICTED', `This account is restricted (code ${code})`, extra);
  return commonAnswer(code) ?? new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_REJECTED', `QQ Music refused the app QR login (code ${code})`, extra);
}

/** A code every route answers alike (src/common/upstream-codes.ts: 1000, 2001, 104009…). */
function commonAnswer(code: number): GatewayError | undefined {
  const known = UPSTREAM_CODES[code];
  if (!known) return undefined;
  return new GatewayError(known.status, known.errorCode, `QQ Music refused the app QR login call: ${describeCode(code)}`, { upstreamCode: code }, retryAfterHeader(known));
}

function busy(): GatewayError {
  return new GatewayError(
    HttpStatus.SERVICE_UNAVAILABLE,
    'LOGIN_APP_QR_BUSY',
    'This gateway watches as many app login QR codes as it may (APP_LOGIN_MAX_SUBSCRIPTIONS); try again shortly',
    {},
    { 'Retry-After': String(BUSY_RETRY_S) },
  );
}

function unknownQr(): GatewayError {
  return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_QR_UNKNOWN', 'This QR code was not issued by this gateway, or its record expired or is out of reach; get a new QR code');
}
