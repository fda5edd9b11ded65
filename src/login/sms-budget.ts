import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { GatewayError } from '../common/http-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';

const HOUR_MS = 3_600_000;

/** One budget: its key, window and limit, and how a refusal is worded. */
interface Budget {
  key: string;
  windowMs: number;
  limit: number;
  errorCode: string;
  message: string;
}

/**
 * How many login codes the gateway lets callers send (decision 032): per phone number at most one per
 * PHONE_CODE_INTERVAL_S and PHONE_CODE_PER_NUMBER_HOURLY an hour, per client address PHONE_CODE_PER_IP_HOURLY an
 * hour. Counted by the rate limiter's storage: in Redis for every instance with REDIS_URL (in memory while Redis
 * fails), else in memory. Each request counts against every budget it reaches; the first one spent refuses it (429).
 */
@Injectable()
export class SmsBudget {
  private readonly prefix: string;

  constructor(
    @Inject(getStorageToken()) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.prefix = `${config.credentialRedisKey}:sms`;
  }

  /** Counts one code for `number` (country code and digits) asked from `ip`; throws 429 when a budget is spent. */
  async spend(number: string, ip: string): Promise<void> {
    const { phoneCodeIntervalS, phoneCodePerNumberHourly, phoneCodePerIpHourly } = this.config;
    // Neither the number nor the address is written in clear into a shared store's keys.
    const who = numberTag(number);
    const budgets: Budget[] = [
      {
        key: `${this.prefix}:ip:${tag(`ip:${ip}`)}`,
        windowMs: HOUR_MS,
        limit: phoneCodePerIpHourly,
        errorCode: 'PHONE_CODE_IP_BUDGET',
        message: `Too many login codes asked from this address: at most ${phoneCodePerIpHourly} an hour`,
      },
      {
        key: `${this.prefix}:gap:${who}`,
        windowMs: phoneCodeIntervalS * 1000,
        // PHONE_CODE_INTERVAL_S=0: no gap between two codes, the hourly budgets alone.
        limit: phoneCodeIntervalS > 0 ? 1 : 0,
        errorCode: 'PHONE_CODE_TOO_SOON',
        message: `A login code was sent to this number less than ${phoneCodeIntervalS} s ago`,
      },
      {
        key: `${this.prefix}:number:${who}`,
        windowMs: HOUR_MS,
        limit: phoneCodePerNumberHourly,
        errorCode: 'PHONE_CODE_NUMBER_BUDGET',
        message: `Too many login codes sent to this number: at most ${phoneCodePerNumberHourly} an hour`,
      },
    ];
    for (const b of budgets) {
      if (b.limit === 0) continue;
      const record = await this.storage.increment(b.key, b.windowMs, b.limit, b.windowMs, 'sms');
      if (record.isBlocked) throw overBudget(b, Math.max(1, record.timeToBlockExpire));
    }
  }

  /**
   * Counts one check of the code last sent to `number` (`send`: what tells that code from the next one); a check past
   * PHONE_CODE_MAX_ATTEMPTS is refused (429) before upstream is asked, until a new code is sent.
   */
  async attempt(number: string, send: string): Promise<void> {
    const { phoneCodeMaxAttempts, phoneCodeTtlS } = this.config;
    const windowMs = phoneCodeTtlS * 1000;
    const record = await this.storage.increment(`${this.prefix}:tries:${tag(`${number}:${send}`)}`, windowMs, phoneCodeMaxAttempts, windowMs, 'sms');
    if (record.isBlocked) {
      throw new GatewayError(
        HttpStatus.TOO_MANY_REQUESTS,
        'LOGIN_CODE_ATTEMPTS',
        `This login code was tried ${phoneCodeMaxAttempts} times already: send a new code with /sendPhoneLoginCode`,
      );
    }
  }
}

function overBudget(b: Budget, retryAfterS: number): GatewayError {
  return new GatewayError(HttpStatus.TOO_MANY_REQUESTS, b.errorCode, `${b.message}; try again in ${retryAfterS} s`, {}, {
    'Retry-After': String(retryAfterS),
  });
}

const tag = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** A phone number as keys and logs may name it: a hash, never the digits. */
export const numberTag = (number: string): string => tag(`phone:${number}`);
