import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IPublishPacket, MqttClient } from 'mqtt';
import { randomInt } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { bypassesProxy, type UpstreamProxy } from '../config/upstream-proxy-settings';
import { MetricsService } from '../metrics/metrics.service';
import { PushTunnel } from './app-qr-tunnel';
import { TME_APP_ID } from './identity/comm-profiles';
import { UpstreamError } from './upstream.errors';

/**
 * The QQ Music app QR login's pushed states (docs/upstream/login.md "QQ Music app QR login"): one MQTT 5 connection
 * over WebSocket per QR, subscribed to its unicast topic, as the Python QQMusicApi project (2026-07) opens it. Through
 * UPSTREAM_PROXY unless UPSTREAM_NO_PROXY names the mu host, as the HTTP calls (decision 031).
 */

/** The WebSocket path of the push service (mu.y.qq.com). */
export const APP_QR_PUSH_PATH = '/ws/handshake';
/** The push subscription's `target` in gateway_upstream_calls_total. */
export const APP_QR_PUSH_TARGET = 'push.subscribe';
/** The topic one QR's states are pushed on. */
export const appQrTopic = (qrcodeId: string): string => `management.qrcode_login/${qrcodeId}`;
/** The push service's keep-alive, as the Python project sets it. */
const KEEP_ALIVE_S = 45;

/** A pushed state; `cookies` carries the pushed `qqmusic_uin` and `qqmusic_key` (absent when the message lacks them). */
export type AppQrPushEvent =
  | { type: 'scanned' | 'canceled' | 'timeout' | 'loginFailed' }
  | { type: 'cookies'; uin?: string; key?: string }
  /** The connection closed without this side closing it. */
  | { type: 'lost' };

/** The push service could not be reached or refused the connection or the subscription. */
export class AppQrPushError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'AppQrPushError';
  }
}

/** One QR's open subscription; `close` sends DISCONNECT (bounded) and is safe to call more than once. */
export class AppQrSubscription {
  private closing: Promise<void> | undefined;

  constructor(private readonly client: MqttClient) {}

  /** This side closed it (a close seen afterwards is not a lost connection). */
  get closed(): boolean {
    return this.closing !== undefined;
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      // end(false) sends DISCONNECT first; a broker that went away still ends the client (reconnects are off).
      const timer = setTimeout(() => this.client.end(true, () => resolve()), 2_000);
      timer.unref();
      this.client.end(false, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return this.closing;
  }
}

@Injectable()
export class AppQrPush {
  private readonly logger = new Logger('AppQrPush');
  /** The outbound proxy the push goes through, settled at start-up like the HTTP pools'. */
  private readonly proxy: UpstreamProxy | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    const proxy = config.upstreamProxy;
    this.proxy = proxy && !bypassesProxy(config.origins.mu, config.upstreamNoProxy) ? proxy : undefined;
  }

  /**
   * Connects, subscribes to the QR's topic and resolves once the subscription is acknowledged, within
   * UPSTREAM_TIMEOUT_MS; `onEvent` then gets each recognised push. Never reconnects: a lost connection is reported.
   * Rejects with AppQrPushError, or with the UpstreamError of the outbound proxy's own failure.
   */
  async subscribe(qrcodeId: string, onEvent: (event: AppQrPushEvent) => void): Promise<AppQrSubscription> {
    // Counted as the HTTP calls are: one per subscription, `subscribed` or why not (a proxy's own failure by its kind).
    const counted = (outcome: string) => this.metrics.upstreamCalls.inc({ host: 'mu', target: APP_QR_PUSH_TARGET, outcome });
    try {
      const subscription = await this.connectAndSubscribe(qrcodeId, onEvent);
      counted('subscribed');
      return subscription;
    } catch (err) {
      counted(err instanceof UpstreamError ? err.kind : err instanceof AppQrPushError && err.timedOut ? 'timeout' : 'push_failed');
      throw err;
    }
  }

  private async connectAndSubscribe(qrcodeId: string, onEvent: (event: AppQrPushEvent) => void): Promise<AppQrSubscription> {
    const url = new URL(APP_QR_PUSH_PATH, this.config.origins.mu.replace(/^http/, 'ws'));
    const tunnel = this.proxy && (await PushTunnel.to(url, this.proxy));
    this.logger.debug(`App QR push: connecting to ${url.host} ${this.proxy ? `through the outbound proxy ${this.proxy.shown}` : 'directly'}`);
    // Loaded on the first QR, not at start-up: most gateways never open one.
    const { connect } = await import('mqtt');
    const client = connect(url.toString(), {
      protocolVersion: 5,
      clientId: `${Date.now()}${randomInt(1000, 10_000)}`,
      keepalive: KEEP_ALIVE_S,
      reconnectPeriod: 0,
      connectTimeout: this.config.upstreamTimeoutMs,
      properties: {
        authenticationMethod: 'pass',
        userProperties: { ...TME_APP_ID, business: 'management', hashTag: qrcodeId, clientTag: 'management.user', userID: qrcodeId },
      },
      wsOptions: { headers: { Origin: 'https://y.qq.com', Referer: 'https://y.qq.com/' }, ...(tunnel && { agent: tunnel.agent }) },
    });
    let subscribed = false;
    let lost = false;
    const subscription = new AppQrSubscription(client);
    client.on('message', (_topic, payload, packet) => {
      const event = readPush(packet, payload);
      if (event) onEvent(event);
    });
    return new Promise<AppQrSubscription>((resolve, reject) => {
      const fail = (err: AppQrPushError) => {
        clearTimeout(timer);
        const proxyFailure = tunnel && proxyError(tunnel);
        client.end(true);
        tunnel?.abort();
        reject(proxyFailure ?? err);
      };
      const timer = setTimeout(() => fail(new AppQrPushError('the push service did not acknowledge in time', true)), this.config.upstreamTimeoutMs);
      // Only the error's kind is told: the URL and the QR id stay out of the message.
      client.on('error', (err) => {
        if (!subscribed) fail(new AppQrPushError(`the push service refused or failed (${String((err as { code?: unknown }).code ?? err.name)})`));
      });
      client.on('close', () => {
        if (!subscribed) fail(new AppQrPushError('the push service closed the connection'));
        else if (!subscription.closed && !lost) {
          lost = true;
          onEvent({ type: 'lost' });
        }
      });
      client.once('connect', () => {
        client.subscribe(
          appQrTopic(qrcodeId),
          { qos: 0, properties: { userProperties: { authorization: 'tmelogin', pubsub: 'unicast' } } },
          (err, granted) => {
            if (err || !granted?.length || granted[0].qos > 2) return fail(new AppQrPushError('the push service refused the subscription'));
            subscribed = true;
            clearTimeout(timer);
            resolve(subscription);
          },
        );
      });
    });
  }
}

/**
 * The proxy's own failure as the HTTP routes answer it (UPSTREAM_PROXY_*), or, when it said it could not reach the
 * push service (5xx), that service's failure (LOGIN_PUSH_UNAVAILABLE) worded "through the outbound proxy".
 */
function proxyError(tunnel: PushTunnel): UpstreamError | AppQrPushError | undefined {
  const failure = tunnel.failed();
  if (!failure) return undefined;
  if (failure.kind === 'beyond_proxy') {
    return new AppQrPushError(`the push service is unreachable through the outbound proxy ${failure.proxy} (UPSTREAM_PROXY), which answered HTTP ${failure.details.status}`);
  }
  return failure.toUpstreamError('mu', APP_QR_PUSH_PATH);
}

/** A push's `type` user property and, for `cookies`, the JSON payload's `cookies.qqmusic_uin.value` and `…qqmusic_key.value`. */
function readPush(packet: IPublishPacket, payload: Buffer): AppQrPushEvent | undefined {
  const raw = packet.properties?.userProperties?.type;
  const type = Array.isArray(raw) ? raw[0] : raw;
  if (type === 'scanned' || type === 'canceled' || type === 'timeout' || type === 'loginFailed') return { type };
  if (type !== 'cookies') return undefined;
  let cookies: Record<string, { value?: unknown } | undefined> = {};
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as { cookies?: unknown };
    if (parsed?.cookies && typeof parsed.cookies === 'object') cookies = parsed.cookies as typeof cookies;
  } catch {
    // A payload that is not JSON carries no cookies: reported as such, its text never logged (it would hold the key).
  }
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return { type: 'cookies', uin: text(cookies.qqmusic_uin?.value), key: text(cookies.qqmusic_key?.value) };
}
