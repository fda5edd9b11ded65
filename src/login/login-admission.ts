import { HttpStatus } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../common/bounded-lru';
import type { Clock } from '../common/clock';
import { GatewayError } from '../common/http-error';
import type { Shaped } from '../common/shaped';
import type { AppConfig } from '../config/app-config';
import type { LoginShare, Outcome } from './shared-logins';

/** How many issue records are kept at most (their keep-time is FinishedLogins' used-QR time). */
const ISSUED_QR_MAX = 10_000;

/** A finished QR's session is answered only to its owner: this is what every other check of that QR gets. */
export function qrUsed(): GatewayError {
  return new GatewayError(
    HttpStatus.GONE,
    'LOGIN_QR_USED',
    'This QR code was already used to log in; get a new QR code (a finished login is answered again only with the loginToken of its QR answer)',
  );
}

/** A check of a QR issued with another loginToken: refused before upstream is asked, so the QR is not spent. */
function loginTokenMismatch(): GatewayError {
  return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_TOKEN_MISMATCH', 'loginToken is not the one this QR code was issued with');
}

/** LOGIN_TOKEN_REQUIRED: a check must prove it holds the QR, so the id alone (public, in the QR image) is refused. */
function loginTokenRequired(): GatewayError {
  return new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'loginToken is required: send the loginToken of the QR answer in the JSON body');
}

/** LOGIN_TOKEN_REQUIRED: a QR no instance recorded issuing cannot be bound to a loginToken, so it is not trusted. */
function qrUnknown(): GatewayError {
  return new GatewayError(
    HttpStatus.FORBIDDEN,
    'LOGIN_QR_UNKNOWN',
    'This QR code was not issued by this gateway, or its record expired or is out of reach; get a new QR code',
  );
}

/**
 * Who checks a QR, settled before upstream is asked: `caller` is the hash of the loginToken sent (null for the id
 * alone), `owner` the hash of the one the QR was issued with (the caller's when no instance recorded the QR).
 */
export interface LoginCheck {
  key: string;
  caller: string | null;
  owner: string | null;
}

/** One attempt within an admitted login (a phone login's code): its own key, the same caller and owner. */
export function attemptOf(check: LoginCheck, attempt: string): LoginCheck {
  return { ...check, key: `${check.key}:${createHash('sha256').update(attempt).digest('base64url')}` };
}

/**
 * FinishedLogins' admission: the hash of the loginToken each QR (or phone number) was issued with, here and, with a
 * share (Redis or the cluster primary), for every instance, and the check it settles before upstream is asked.
 */
export class LoginAdmission {
  /** Each QR this instance issued or learnt of: the hash of the loginToken it was issued with. */
  private readonly issued: LRUCache<string, string>;

  constructor(
    clock: Clock,
    private readonly config: AppConfig,
    private readonly shared: LoginShare | null,
    private readonly ttlMs: number,
    private readonly warnRedis: (err: unknown) => void,
  ) {
    // ttlResolution 0, as FinishedLogins' caches: a moved clock is seen at once.
    this.issued = boundedLru(ISSUED_QR_MAX, { ttl: ttlMs, perf: clock, ttlResolution: 0 });
  }

  /**
   * A new QR's loginToken, recorded (hashed) for the QR here and, with REDIS_URL, in Redis for every instance. A Redis
   * failure only narrows the record to this instance (and those it answers when asked).
   */
  async issue(channel: string, qr: string, ttlMs = this.ttlMs): Promise<string> {
    const token = newLoginToken();
    const key = keyOf(channel, qr);
    const owner = ownerOf(token)!;
    this.issued.set(key, owner, { ttl: ttlMs });
    if (this.shared?.usable()) {
      try {
        await this.shared.recordIssue(key, owner, ttlMs);
      } catch (err) {
        this.warnRedis(err);
      }
    }
    return token;
  }

  /**
   * Settles who checks this QR before upstream is asked: refuses a loginToken other than the one the QR was issued
   * with (403), and with LOGIN_TOKEN_REQUIRED a check without one (400) or of a QR no instance issued (403).
   */
  async admit(channel: string, qr: string, token: string | undefined, unissued?: () => GatewayError): Promise<LoginCheck> {
    const required = this.config.loginTokenRequired ?? false;
    if (!token && required) throw loginTokenRequired();
    const key = keyOf(channel, qr);
    const caller = ownerOf(token);
    // The id alone needs the record only to hand a finished login to the QR's owner too: no instance is asked for it.
    const issuedTo = await this.issuedTo(key, caller !== null || unissued !== undefined);
    if (issuedTo === undefined) {
      // A phone login's code must have been sent by this gateway: without the record there is nothing to check.
      if (unissued) throw unissued();
      if (required) throw qrUnknown();
      return { key, caller, owner: caller };
    }
    if (caller !== null && caller !== issuedTo) throw loginTokenMismatch();
    return { key, caller, owner: issuedTo };
  }

  /** Another instance asked for this QR: writes its issue record back to the share, when this instance holds one. */
  async writeBack(key: string): Promise<void> {
    const issuedTo = this.issued.get(key);
    // Whole milliseconds: PX refuses a fraction, and the LRU's clock is performance.now().
    if (issuedTo) await this.shared!.recordIssue(key, issuedTo, Math.max(1, Math.ceil(this.issued.getRemainingTTL(key))));
  }

  /**
   * The loginToken hash this QR was issued with: here, else in Redis, else (`askOthers`) from an instance that writes
   * it back when asked (Redis emptied by a restart). Undefined when none knows it or Redis fails.
   */
  private async issuedTo(key: string, askOthers: boolean): Promise<string | undefined> {
    const local = this.issued.get(key);
    if (local) return local;
    const shared = this.shared;
    if (!shared?.usable()) return undefined;
    let found: string | undefined;
    try {
      found = await shared.issuedTo(key);
      if (!found && askOthers) {
        await shared.askOthers(key);
        found = await shared.issuedTo(key);
      }
    } catch (err) {
      this.warnRedis(err);
      return undefined;
    }
    // Kept here too: a Redis emptied later cannot unbind the QR from this instance.
    if (found) this.issued.set(key, found);
    return found;
  }
}

/**
 * Who gets a run's answer. Poll states and failures: everyone. A login: a check presenting the owner's loginToken
 * (joined or, for 120 s, stored), and a check with the id alone that joined a run started with the id alone (identical
 * checks, indistinguishable).
 */
export function deliver(outcome: Outcome, caller: string | null): Shaped {
  if (!outcome.success) return outcome.result;
  if (caller !== null ? caller === outcome.owner : outcome.startedByIdAlone && !outcome.stored) return outcome.result;
  throw qrUsed();
}

/** QR tokens are bearer secrets: only their hash is used as a key. */
function keyOf(channel: string, qr: string): string {
  return `${channel}:${createHash('sha256').update(qr).digest('base64url')}`;
}

/** A loginToken is kept (locally and in Redis) only as its hash. */
function ownerOf(token: string | undefined): string | null {
  return token ? createHash('sha256').update(`loginToken:${token}`).digest('base64url') : null;
}

/** The secret a QR answer gives its creator alone: it binds the QR's checks and its finished login (docs/login.md). */
function newLoginToken(): string {
  return randomBytes(24).toString('base64url');
}
