import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../common/bounded-lru';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { Clock } from '../common/clock';
import { serializeCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { MetricsService } from '../metrics/metrics.service';
import { LoginStepAnswer } from '../upstream/clients/login.client';
import { WechatLoginClient } from '../upstream/clients/wechat-login.client';
import { Coalescer } from '../upstream/transport/coalescer';
import { failedAtProxy } from '../common/upstream-failures';
import { UpstreamError } from '../upstream/upstream.errors';
import { CheckAltLoginBody } from './dto/check-login.dto';
import { FinishedLogins, SpendGuard } from './finished-logins';
import { badLoginAnswer } from './login-errors';
import type { AltLoggedIn, AltPollState, AltQrAnswer } from './login.answers';
import { LoginPersistService } from './login-persist.service';
import type { StoreChoice } from './login-store';
import { ALT_STATES, AltPollCode, answerCredentialIf, buildSession, extractMusicid, extractWxUuid, parseWxPoll } from './login.parse';
import { answerableCredential, loginRejected, MAIN_ERRORS } from './main-login.service';

/** Default bound of one long poll when the config does not say (ALT_LOGIN_POLL_TIMEOUT_MS). */
export const DEFAULT_ALT_POLL_TIMEOUT_MS = 35_000;
/** How long a QR's last poll state is remembered, and for how many QRs at most. */
const LAST_STATE_TTL_MS = 10 * 60_000;
const LAST_STATE_MAX = 10_000;

export const ALT_ERRORS = {
  page: 'Failed to load WeChat login page',
  noUuid: 'Failed to get uuid from WeChat login page',
  image: 'Failed to fetch WeChat QR image',
  badPoll: 'Unrecognised answer from the WeChat login poll',
  noCode: 'WeChat confirmed the login but sent no code',
  notJson: 'Login response is not JSON',
  noCredential: 'Login response is missing the credential',
} as const;

/**
 * Alt channel (WeChat) QR login: qrconnect page → uuid → QR JPEG; check = ONE long poll (bounded by
 * ALT_LOGIN_POLL_TIMEOUT_MS, aborted when the client leaves), then on 405 the code exchange
 * (docs/upstream/login.md "WeChat QR login").
 */
@Injectable()
export class AltLoginService {
  /**
   * The state each QR's last poll reported, sent back as `last` (docs/upstream/login.md "WeChat long poll"): WeChat
   * then holds the next poll until the state changes, instead of repeating "scanned" at once, which would have
   * clients poll upstream in a tight loop.
   */
  private readonly lastState: LRUCache<string, AltPollCode>;
  /**
   * Identical long polls in flight (same uuid, same `last`) share one upstream poll: a client (or many) checking one
   * QR concurrently costs one held connection upstream. The shared poll is cut only once every caller has left.
   */
  private readonly polls: Coalescer;

  constructor(
    private readonly wechat: WechatLoginClient,
    private readonly persist: LoginPersistService,
    private readonly finished: FinishedLogins,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    clock: Clock,
    metrics: MetricsService,
  ) {
    this.polls = new Coalescer(metrics);
    // ttlResolution 0: every lookup reads the clock (no 1 ms reuse of a reading), so a moved clock is seen at once.
    this.lastState = boundedLru(LAST_STATE_MAX, { ttl: LAST_STATE_TTL_MS, perf: clock, ttlResolution: 0 });
  }

  get pollTimeoutMs(): number {
    return this.config.altLoginPollTimeoutMs ?? DEFAULT_ALT_POLL_TIMEOUT_MS;
  }

  async getQr(): Promise<Shaped<AltQrAnswer>> {
    const page = await this.wechat.qrPage();
    if (page.status !== 200) throw badLoginAnswer(ALT_ERRORS.page, 'LOGIN_QR_PAGE_FAILED');
    const uuid = extractWxUuid(page.text);
    if (!uuid) throw badLoginAnswer(ALT_ERRORS.noUuid, 'LOGIN_NO_UUID');
    let image;
    try {
      image = await this.wechat.qrImage(uuid);
    } catch (err) {
      if (err instanceof UpstreamError && err.kind !== 'timeout' && !failedAtProxy(err.kind)) throw badLoginAnswer(ALT_ERRORS.image, 'LOGIN_QR_FETCH_FAILED');
      throw err;
    }
    if (image.status !== 200 || !image.body.length) throw badLoginAnswer(ALT_ERRORS.image, 'LOGIN_QR_FETCH_FAILED');
    // loginToken goes to this caller alone, bound to the QR: only it checks the QR and redeems its login (the uuid, in
    // the QR image anyone nearby can read, cannot).
    const loginToken = await this.finished.issue('alt', uuid);
    return new Shaped({ img: `data:image/jpeg;base64,${image.body.toString('base64')}`, uuid, loginToken }, { html: page.text });
  }

  /** `store`: whether a confirmed login becomes the gateway's own (src/login/login-store.ts; default LOGIN_PERSIST_COOKIE). */
  async check(input: CheckAltLoginBody, store?: StoreChoice): Promise<Shaped> {
    return answerCredentialIf(await this.checkOnce(input, store), input.credential);
  }

  private async checkOnce(input: CheckAltLoginBody, store?: StoreChoice): Promise<Shaped> {
    const { uuid } = input;
    // Before the long poll: a poll that sees the scan confirmed hands out the single-use code.
    const check = await this.finished.admit('alt', uuid, input.loginToken);
    // A login of this QR already confirmed (its answer lost, or a second tab polling; with REDIS_URL on any instance):
    // no new poll, no second exchange.
    const earlier = await this.exchanged(this.finished.find(check));
    if (earlier) return earlier;
    const last = (input.last as AltPollCode | undefined) ?? this.lastState.get(uuid);
    let poll;
    try {
      poll = await this.poll(uuid, last);
    } catch (err) {
      // No change within our bound: the state is still the one last reported (waiting if none).
      if (err instanceof UpstreamError && err.kind === 'timeout') return pollState(last ?? 408, { timeout: true, message: 'No change within this poll; poll again' });
      throw err;
    }
    if (poll.status !== 200) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_POLL_FAILED', `WeChat login poll failed (HTTP ${poll.status})`);
    }
    const parsed = parseWxPoll(poll.text);
    if (!parsed) throw badLoginAnswer(ALT_ERRORS.badPoll, 'LOGIN_BAD_POLL');
    if (parsed.errcode !== 405) {
      if (!(parsed.errcode in ALT_STATES)) {
        throw new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_BAD_POLL', `${ALT_ERRORS.badPoll} (errcode ${parsed.errcode})`, {
          upstreamCode: parsed.errcode,
        });
      }
      this.lastState.set(uuid, parsed.errcode as AltPollCode);
      return pollState(parsed.errcode as AltPollCode, {}, { text: poll.text });
    }
    if (!parsed.code) throw badLoginAnswer(ALT_ERRORS.noCode, 'LOGIN_NO_CODE');
    const code = parsed.code;
    // The code is single-use: the exchange runs where a hang-up cannot cut it, and its session is kept for its owner.
    const exchange = async (guard: SpendGuard) => {
      await guard();
      return this.exchange(code, store);
    };
    return this.exchanged(this.finished.run(check, exchange, () => true));
  }

  private poll(uuid: string, last: AltPollCode | undefined): Promise<LoginStepAnswer> {
    return this.polls.run(`${uuid}|${last ?? ''}`, () => this.wechat.poll(uuid, last, this.pollTimeoutMs));
  }

  private async exchanged<T extends Shaped | undefined>(login: Promise<T>): Promise<T> {
    try {
      return await login;
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'timeout') {
        throw new GatewayError(HttpStatus.GATEWAY_TIMEOUT, 'LOGIN_TIMEOUT', MAIN_ERRORS.timeout);
      }
      throw loginRejected(err);
    }
  }

  /**
   * The code exchange (docs/upstream/login.md "WeChat login exchange"), read from its raw text: WeChat musicids
   * exceed 2^53.
   */
  private async exchange(code: string, store: StoreChoice): Promise<Shaped<AltLoggedIn>> {
    const text = await this.wechat.login(code);
    let raw: any;
    try {
      raw = JSON.parse(text);
    } catch {
      throw badLoginAnswer(ALT_ERRORS.notJson, 'LOGIN_BAD_RESPONSE');
    }
    const top = Number(raw?.code ?? 0);
    const inner = Number(raw?.req?.code ?? -1);
    const failed = top !== 0 ? top : inner;
    if (failed !== 0) {
      throw new UpstreamError('business', `login failed with code ${failed}`, 'u', { upstreamCode: failed });
    }
    const data = (raw.req.data ?? {}) as Record<string, unknown>;
    const reqStart = text.indexOf('"req"');
    const musicid = extractMusicid(reqStart >= 0 ? text.slice(reqStart) : text);
    const musickey = typeof data.musickey === 'string' ? data.musickey : '';
    if (!musicid || !musickey) throw badLoginAnswer(ALT_ERRORS.noCredential, 'LOGIN_NO_CREDENTIAL');

    // The cookie laoshuikaixue/qq-music-api builds (docs/upstream/login.md "WeChat login exchange"); the spec's
    // main_music_key/main_keyst are qqmusic_key/qm_keyst.
    // The last three only when the answer has them: a missing field becomes '', which serializeCookie leaves out.
    const cookie = serializeCookie({
      uin: musicid,
      qqmusic_uin: musicid,
      qqmusic_key: musickey,
      qm_keyst: musickey,
      tmeLoginType: '1',
      euin: textOrEmpty(data.encryptUin),
      wx_openid: textOrEmpty(data.openid),
      wx_unionid: textOrEmpty(data.unionid),
    });
    const session = buildSession(cookie, musicid);
    const body: AltLoggedIn = {
      isOk: true,
      errcode: 405,
      state: 'confirmed',
      message: '登录成功',
      session,
      // Kept with the finished login for its owner; answered only to a check with `credential: true` (check()).
      credential: answerableCredential(data, musicid, 1),
    };
    await this.persist.saveConfirmedLogin(body, { cookie: session.cookie, musicid, loginType: 1, data }, store);
    return new Shaped(body, text);
  }
}

/** A poll state's answer (HTTP 200, `isOk: false`), with the flags the spec and the reference projects give each. */
function pollState(errcode: AltPollCode, extra: { timeout?: true; message?: string }, raw: unknown = null): Shaped<AltPollState> {
  const known = ALT_STATES[errcode];
  const body: AltPollState = { isOk: false, errcode, state: known.state, ...(extra.timeout ? { timeout: true as const } : {}), message: extra.message ?? known.message };
  if (errcode === 404) body.scanned = true;
  if (errcode === 403) body.refused = true;
  if (errcode === 403 || errcode === 402) body.refresh = true;
  return new Shaped(body, raw);
}

function textOrEmpty(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
