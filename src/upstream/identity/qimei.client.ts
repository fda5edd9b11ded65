import { Inject, Injectable } from '@nestjs/common';
import { constants, createCipheriv, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { UpstreamTransport } from '../transport/upstream-transport';
import { UpstreamError } from '../upstream.errors';
import { QIMEI_APP_VERSION, QIMEI_SDK_VERSION, ANDROID_CHANNEL_ID } from './comm-profiles';
import type { DeviceProfile } from './device-profile';
import { isQimeiValue } from './issued-values';

/**
 * Tencent's QIMEI service (docs/upstream/identity.md "QIMEI"): the constants its Android SDK sends, as the Python
 * QQMusicApi project (2026-07) sends them. The public key wraps the per-request AES key; the rest sign the request.
 */
const QIMEI_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDEIxgwoutfwoJxcGQeedgP7FG9qaIuS0qzfR8gWkrkTZKM2iWHn2ajQpBRZjMSoSf6+KJGvar2ORhBfpDXyVtZCKpqLQ+FLkpncClKVIrBwv6PHyUvuCb0rIarmgDnzkfQAqVufEtR64iazGDKatvJ9y6B9NMbHddGSAUmRTCrHQIDAQAB
-----END PUBLIC KEY-----`;
export const QIMEI_APP_KEY = '0AND0HD6FE4HY80F';
export const QIMEI_PARAMS_SECRET = 'ZdJqM15EeO2zWc08';
export const QIMEI_HEADER_APP_ID = 'qimei_qq_android';
export const QIMEI_HEADER_SECRET = 'pzAuCmaFAaFaHrdakPjLIEqKrGnSOOvH';
const PACKAGE_ID = 'com.tencent.qqmusic';
const LABEL = 'QimeiProxy.GetQimei';

/** The two QIMEI forms the service issues for a device: `q16` goes out as the comm's QIMEI, `q36` as QIMEI36. */
export interface QimeiPair {
  q16: string;
  q36: string;
}

/**
 * The first Android-comm call waits for the identity calls: each is bounded by UPSTREAM_IDENTITY_TIMEOUT_MS (5 s; or
 * UPSTREAM_TIMEOUT_MS when lower), so a hung identity service delays that call by seconds, not the full upstream timeout.
 */
export const identityCallTimeout = (config: Pick<AppConfig, 'upstreamTimeoutMs' | 'upstreamIdentityTimeoutMs'>): number =>
  Math.min(config.upstreamIdentityTimeoutMs, config.upstreamTimeoutMs);

export const md5Hex = (...parts: string[]): string => createHash('md5').update(parts.join('')).digest('hex');
const randomHex = (length: number): string => randomBytes(length / 2).toString('hex');

/** The request's device report, AES-encrypted into `params`: the profile's fields in the SDK's names. */
function deviceReport(device: DeviceProfile, now: Date): Record<string, unknown> {
  const reserved = {
    harmony: '0',
    clone: '0',
    containe: '',
    kelong: '0',
    // An uptime of up to four hours, as a phone reports its last boot.
    uptimes: new Date(now.getTime() - randomBytes(2).readUInt16BE() * 220).toISOString().slice(0, 19).replace('T', ' '),
    multiUser: '0',
    bod: device.brand,
    dv: device.device,
    firstLevel: '',
    manufact: device.brand,
    name: device.model,
    host: 'se.infra',
    kernel: device.procVersion,
  };
  return {
    androidId: device.androidId,
    platformId: 1,
    appKey: QIMEI_APP_KEY,
    appVersion: QIMEI_APP_VERSION,
    beaconIdSrc: '',
    brand: device.brand,
    channelId: ANDROID_CHANNEL_ID,
    cid: '',
    imei: device.imei,
    imsi: '',
    mac: '',
    model: device.model,
    networkType: 'unknown',
    oaid: '',
    osVersion: `Android ${device.osRelease},level ${device.sdkLevel}`,
    qimei: '',
    qimei36: '',
    sdkVersion: QIMEI_SDK_VERSION,
    targetSdkVersion: '33',
    audit: '',
    userId: '{}',
    packageId: PACKAGE_ID,
    deviceType: 'Phone',
    sdkName: '',
    reserved: JSON.stringify(reserved),
  };
}

/**
 * The QIMEI request: a fresh 16-character AES key (key and IV alike) encrypts the report (AES-128-CBC, PKCS#7), the
 * service's RSA key wraps that AES key (PKCS#1 v1.5), and two MD5 signatures cover the body and the headers.
 */
export function qimeiRequest(device: DeviceProfile, now: Date): { headers: Record<string, string>; body: string } {
  const aesKey = randomHex(16);
  const nonce = randomHex(16);
  const seconds = Math.floor(now.getTime() / 1000);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(aesKey), Buffer.from(aesKey));
  const params = Buffer.concat([cipher.update(JSON.stringify(deviceReport(device, now))), cipher.final()]).toString('base64');
  const key = publicEncrypt({ key: QIMEI_PUBLIC_KEY, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(aesKey)).toString('base64');
  const extra = `{"appKey":"${QIMEI_APP_KEY}"}`;
  const body = {
    app: 0,
    os: 1,
    qimeiParams: { key, params, time: String(seconds), nonce, sign: md5Hex(key, params, String(seconds * 1000), nonce, QIMEI_PARAMS_SECRET, extra), extra },
  };
  return {
    headers: {
      method: 'GetQimei',
      service: 'trpc.tme_datasvr.qimeiproxy.QimeiProxy',
      appid: QIMEI_HEADER_APP_ID,
      sign: md5Hex(QIMEI_HEADER_APP_ID, QIMEI_HEADER_SECRET, String(seconds)),
      'User-Agent': 'QQMusic',
      timestamp: String(seconds),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  };
}

/**
 * The pair inside the service's answer: `data` is a JSON text (or object) whose own `data` holds q16 and q36, each a
 * short alphanumeric string (isQimeiValue); anything else is no pair.
 */
export function qimeiOfAnswer(text: string): QimeiPair | undefined {
  try {
    const outer = JSON.parse(text) as { data?: unknown };
    const inner = (typeof outer?.data === 'string' ? JSON.parse(outer.data) : outer?.data) as { data?: Record<string, unknown> } | undefined;
    const { q16, q36 } = inner?.data ?? {};
    return isQimeiValue(q16) && isQimeiValue(q36) ? { q16, q36 } : undefined;
  } catch {
    return undefined;
  }
}

/** Tencent's QIMEI service: one call, the device's QIMEI pair. Never logged: the pair is a device credential. */
@Injectable()
export class QimeiClient {
  constructor(
    private readonly transport: UpstreamTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async fetch(device: DeviceProfile, now: Date): Promise<QimeiPair> {
    const { headers, body } = qimeiRequest(device, now);
    const res = await this.transport.fetch({ host: 'qimei', path: '/tme/trpc/proxy', method: 'POST', headers, body, cookie: false, label: LABEL, timeoutMs: identityCallTimeout(this.config) }, true);
    const pair = qimeiOfAnswer(res.text);
    if (!pair) throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${LABEL} answered no QIMEI`, 'qimei', { target: LABEL }));
    return pair;
  }
}
