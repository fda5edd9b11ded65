import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/background-work';
import { requestContext } from '../common/request-context';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MetricsService } from '../metrics/metrics.service';
import { LoginClient } from '../upstream/clients/login.client';
import type { StoredCredentialProvider } from '../upstream/upstream.types';
import { UpstreamError } from '../upstream/upstream.errors';
import {
  accountOf,
  cookieWithCredential,
  expiresAtMs,
  FINAL_OUTCOMES,
  keyTag,
  loginTypeOf,
  maskedAccountOf,
  maskUin,
  mergeRefreshed,
  notRefreshableReason,
  OUTCOME_MESSAGES,
  outcomeOfCode,
  refreshParams,
  toCredential,
  type RefreshOutcome,
  type RefreshStatus,
  type StoredRecord,
} from './credential.model';
import { CREDENTIAL_STORE, type CredentialStore, type LoginSink, type SaveResult } from './credential-store';
import type { CredentialStatus } from './credential.answers';

/** Longest a refresh may hold the per-account lock (the upstream call has its own, shorter timeout). */
const LOCK_TTL_MS = 30_000;
/** How often the background check looks for a key about to expire. */
const CHECK_EVERY_MS = 60_000;

/**
 * Keeps the stored login alive (docs/upstream/login.md "Credential refresh"): serves its cookie to CookieChoice,
 * notices expiry (locally from musickeyCreateTime + keyExpiresIn, or from a 1000/104400/104401 answer to a call
 * made with it), refreshes it through LoginClient one at a time per account, and records the outcome. A failure is
 * recorded and never retried in a loop: final outcomes wait for a new login, the others for
 * CREDENTIAL_REFRESH_BACKOFF_S.
 */
@Injectable()
export class CredentialService implements StoredCredentialProvider, LoginSink, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Credential');
  /** account → the refresh in flight (the in-process half of the lock). */
  private readonly inflight = new Map<string, Promise<string | null>>();
  private timer?: NodeJS.Timeout;
  private lastSync = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CREDENTIAL_STORE) private readonly store: CredentialStore,
    private readonly metrics: MetricsService,
    private readonly work: BackgroundWork,
    private readonly login: LoginClient,
  ) {}

  get storeKind(): 'file' | 'redis' {
    return this.store.kind;
  }

  async onModuleInit(): Promise<void> {
    await this.store.load();
    this.updateGauge(this.store.current());
    this.timer = setInterval(() => void this.backgroundCheck(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.store.close();
  }

  // ---- StoredCredentialProvider (CookieChoice) ----

  cookie(): string | undefined {
    return this.store.current()?.cookie || undefined;
  }

  async beforeCall(): Promise<void> {
    if (this.store.kind === 'redis' && Date.now() - this.lastSync >= this.config.credentialSyncMs) {
      this.lastSync = Date.now();
      await this.store.load();
    }
    const record = this.store.current();
    if (!record) return;
    const expiresAt = expiresAtMs(record.credential);
    this.updateGauge(record);
    if (expiresAt === undefined || !this.mayRefresh(record)) return;
    const now = Date.now();
    if (now >= expiresAt) {
      await this.refresh('key expired', undefined);
    } else if (now >= expiresAt - this.config.credentialRefreshMarginS * 1000) {
      void this.refresh('key expires soon', undefined);
    }
  }

  async onAuthFailure(cookie: string, code: number): Promise<string | null> {
    return this.refresh(`upstream answered ${code}`, cookie);
  }

  // ---- LoginSink (LoginPersistService) ----

  /** A QR login: with Redis unreachable it is queued (this instance uses it at once), never silently dropped. */
  async save(cookie: string, uin: string, credential: Record<string, unknown>): Promise<SaveResult> {
    const result = await this.store.save({ cookie, uin, credential: toCredential(credential) }, true);
    this.updateGauge(this.store.current());
    return result;
  }

  /**
   * An admin sets the login cookie by hand (/user/setCookie): it replaces the stored record in whichever store is in
   * use (the cookie file, or Redis for every instance), without the old login's refresh credential.
   */
  async replaceCookie(cookie: string, uin: string): Promise<void> {
    await this.store.save({ cookie, uin });
    this.updateGauge(this.store.current());
  }

  saved(): void {
    void this.store.load().then((r) => this.updateGauge(r));
  }

  // ---- refresh ----

  /**
   * Refreshes the stored credential unless another refresh (here or on another instance) already did or is doing
   * it. `failedCookie` = the cookie upstream just rejected (undefined for a time-based refresh). Resolves to the
   * cookie to use from now on, or null when there is none better.
   */
  refresh(reason: string, failedCookie: string | undefined): Promise<string | null> {
    const record = this.store.current();
    if (!record) return Promise.resolve(null);
    const account = accountOf(record);
    const pending = this.inflight.get(account);
    if (pending) return pending;
    // The refresh belongs to the account, not to the request that noticed the expiry: outside its context, so that
    // client hanging up cannot abort a single-use refresh that other requests are waiting on.
    const run = requestContext
      .exit(() => this.refreshLocked(account, reason, failedCookie))
      .catch((err: Error) => {
        // The store or its lock failed (e.g. Redis down): the request goes on with what it has.
        this.logger.warn(`Credential refresh for account ${maskUin(account)} (${reason}) could not run: ${err.message}`);
        return null;
      })
      .finally(() => this.inflight.delete(account));
    this.inflight.set(account, run);
    // Detached from any request: shutdown waits for it (bounded) before the upstream pools and Redis close.
    return this.work.track('credential refresh', run);
  }

  private async refreshLocked(account: string, reason: string, failedCookie: string | undefined): Promise<string | null> {
    const seen = failedCookie ?? this.store.current()?.cookie;
    let record = await this.store.load();
    // Changed meanwhile (another instance refreshed, or a new login): use it.
    if (record && seen !== undefined && record.cookie !== seen) return record.cookie;
    if (!record || !this.mayRefresh(record)) return null;
    const release = await this.store.lock(account, LOCK_TTL_MS);
    if (!release) {
      this.logger.log(`Credential refresh for account ${maskUin(account)} (${reason}): another worker or instance is refreshing it; using its result`);
      await this.store.waitUnlocked(account, LOCK_TTL_MS);
      const after = await this.store.load();
      return after && after.cookie !== seen ? after.cookie : null;
    }
    try {
      record = await this.store.load();
      if (!record || record.cookie !== seen) return record?.cookie ?? null;
      if (!this.mayRefresh(record)) return null;
      return await this.callRefresh(record, reason);
    } finally {
      await release();
    }
  }

  private async callRefresh(record: StoredRecord, reason: string): Promise<string | null> {
    const old = record.credential!;
    const loginType = loginTypeOf(old);
    const uin = maskUin(old.musicid);
    try {
      // Sent with the old credential's cookies; single-use (docs/upstream/login.md "Credential refresh").
      const data = await this.login.refresh(refreshParams(old), loginType, record.cookie);
      const credential = mergeRefreshed(old, data);
      const cookie = cookieWithCredential(record.cookie, credential);
      const status = this.status('ok', credential.musickey);
      let stored = true;
      try {
        // Compare-and-set: a login stored while the call ran (QR login, /user/setCookie, another instance) is newer.
        stored = await this.store.replaceIf(record, { cookie, uin: record.uin, credential, refresh: status });
      } catch (saveErr) {
        // The old refresh_key may be spent now: keep serving the new credential from memory (the store keeps it).
        this.logger.error(`Could not store the refreshed credential (${(saveErr as Error).message}); using it from memory${this.store.kind === 'redis' ? ', and storing it once Redis answers' : ''}`);
      }
      this.metrics.credentialRefreshes.inc({ outcome: 'ok' });
      if (!stored) return this.superseded(uin, reason, 'ok');
      const expiresAt = expiresAtMs(credential);
      this.updateGauge(this.store.current());
      this.logger.log(
        `Credential refresh for account ${uin} (${reason}): ok; key valid until ${expiresAt ? new Date(expiresAt).toISOString() : 'unknown'}`,
      );
      return cookie;
    } catch (err) {
      const code = err instanceof UpstreamError && err.kind === 'business' ? err.details.upstreamCode : undefined;
      const outcome: RefreshOutcome = code !== undefined ? outcomeOfCode(code) : 'error';
      const detail = code !== undefined ? `upstream code ${code}` : (err as Error).message;
      const status = this.status(outcome, old.musickey, code, `${OUTCOME_MESSAGES[outcome]} (${detail})`);
      let stored = true;
      try {
        // Only over the record it is about: a newer login must not be replaced by the dead one with its outcome.
        stored = await this.store.replaceIf(record, { ...record, refresh: status });
      } catch (saveErr) {
        this.logger.warn(`Cannot record the refresh outcome (${(saveErr as Error).message})`);
      }
      this.metrics.credentialRefreshes.inc({ outcome });
      if (!stored) return this.superseded(uin, reason, `${outcome}: ${status.message}`);
      this.logger.warn(`Credential refresh for account ${uin} (${reason}): ${outcome}: ${status.message}`);
      return null;
    }
  }

  /**
   * The compare-and-set lost: a newer login was stored while the refresh ran. It stays, and the callers waiting on the
   * refresh go on with its cookie. One line, with the masked account only.
   */
  private superseded(uin: string | null, reason: string, result: string): string | null {
    const current = this.store.current();
    this.updateGauge(current);
    this.logger.warn(`Credential refresh for account ${uin} (${reason}): ${result}; not stored: a newer login was stored meanwhile and is kept`);
    return current?.cookie ?? null;
  }

  private status(outcome: RefreshOutcome, musickey: string, code?: number, message = OUTCOME_MESSAGES[outcome]): RefreshStatus {
    return { at: new Date().toISOString(), outcome, ...(code !== undefined ? { code } : {}), message, key: keyTag(musickey) };
  }

  /** Refreshable, and no earlier failure for this key forbids another try (final outcome, or backoff running). */
  private mayRefresh(record: StoredRecord): boolean {
    if (notRefreshableReason(record)) return false;
    return !this.blockedBy(record);
  }

  /** The earlier failure that stops a refresh of this key now, if any. */
  private blockedBy(record: StoredRecord): RefreshStatus | undefined {
    const last = record.refresh;
    if (!last || last.outcome === 'ok' || !record.credential || last.key !== keyTag(record.credential.musickey)) return undefined;
    if (FINAL_OUTCOMES.has(last.outcome)) return last;
    const retryAt = Date.parse(last.at) + this.config.credentialRefreshBackoffS * 1000;
    return Date.now() < retryAt ? last : undefined;
  }

  private async backgroundCheck(): Promise<void> {
    try {
      if (this.store.kind === 'redis') await this.store.load();
      await this.beforeCall();
    } catch (err) {
      this.logger.warn(`Background credential check failed (${(err as Error).message})`);
    }
  }

  private updateGauge(record: StoredRecord | null): void {
    const expiresAt = expiresAtMs(record?.credential);
    this.metrics.credentialSecondsToExpiry.reset();
    if (expiresAt === undefined || !record?.credential) return;
    const loginType = loginTypeOf(record.credential) === 1 ? 'wechat' : 'qq';
    this.metrics.credentialSecondsToExpiry.set({ login_type: loginType }, Math.round((expiresAt - Date.now()) / 1000));
  }

  // ---- status (GET /user/credential/status) ----

  /**
   * The stored login as every status route reports it (/user/credential/status, /user/getCookie): read from the
   * store now, so an instance never describes a stale copy while another route on it reads the fresh one.
   */
  async stored(): Promise<StoredRecord | null> {
    return this.store.load();
  }

  /** What an operator needs to know about the stored login; never the key or tokens. */
  async describe(): Promise<CredentialStatus> {
    const record = await this.stored();
    this.updateGauge(record);
    const reason = notRefreshableReason(record);
    const credential = record?.credential;
    const expiresAt = expiresAtMs(credential);
    const blocked = record ? this.blockedBy(record) : undefined;
    const last = record?.refresh;
    const loginType = credential ? loginTypeOf(credential) : undefined;
    return {
      present: !!record,
      store: this.store.kind,
      // This instance uses a login the store has not taken yet (Redis unreachable): other instances do not have it.
      ...(this.store.holdsUnsaved() ? { unsaved: true } : {}),
      loginType: loginType === 1 ? 'wechat' : loginType === 2 ? 'qq' : record ? 'unknown' : null,
      uin: maskedAccountOf(record),
      refreshable: !reason,
      ...(reason && record ? { notRefreshableReason: reason } : {}),
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      secondsToExpiry: expiresAt ? Math.round((expiresAt - Date.now()) / 1000) : null,
      expired: expiresAt ? Date.now() >= expiresAt : null,
      refreshMarginSeconds: this.config.credentialRefreshMarginS,
      lastRefresh: last ? { at: last.at, outcome: last.outcome, ok: last.outcome === 'ok', ...(last.code !== undefined ? { code: last.code } : {}), message: last.message } : null,
      needsLogin: !record || (!!blocked && FINAL_OUTCOMES.has(blocked.outcome)),
      ...(blocked && !FINAL_OUTCOMES.has(blocked.outcome)
        ? { nextRefreshNotBefore: new Date(Date.parse(blocked.at) + this.config.credentialRefreshBackoffS * 1000).toISOString() }
        : {}),
    };
  }
}
