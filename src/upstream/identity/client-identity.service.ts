import { Injectable, Logger } from '@nestjs/common';
import { BackgroundWork } from '../../common/background-work';
import { Clock } from '../../common/clock';
import { requestContext } from '../../common/request-context';
import { MetricsService } from '../../metrics/metrics.service';
import { UpstreamFallbacks } from '../shape/fallback-witness';
import { UpstreamError } from '../upstream.errors';
import type { AndroidIdentity } from './comm-profiles';
import { generateDeviceProfile } from './device-profile';
import { DeviceSessionClient } from './device-session.client';
import { type DeviceIdentityStore, type DeviceSession, type IssuedQimei, MemoryIdentityStore, type StoredIdentity } from './identity-store';
import { QimeiClient, type QimeiPair } from './qimei.client';

/** A QIMEI and a device session are asked for again once they are a day old, as the live-tested clients do. */
export const IDENTITY_RENEW_AFTER_MS = 86_400_000;
/** After its service failed, a QIMEI or session is asked for again no sooner than this (in the background). */
export const IDENTITY_RETRY_AFTER_MS = 5 * 60_000;
/** What the Android comm carries for a part never issued, as the LX Music desktop app sends it. */
const NOT_ISSUED = '0';
const RESOLVED = Promise.resolve();

type Part = 'qimei' | 'session';

/** One part of the identity as /health/upstream shows it (times ISO 8601; no issued value, ever). */
export interface IdentityPartStatus {
  /** `issued`: obtained from its service and younger than a day (or being renewed); `fallback`: the last issued one or none. */
  state: 'issued' | 'fallback' | 'not_needed_yet';
  obtainedAt: string | null;
  /** Why the fallback is used: the service's failure (kind and code, never a value). */
  problem: string | null;
}

export interface IdentityStatus {
  /** Where the device profile is kept: the identity file, Redis, or this process's memory. */
  store: 'memory' | 'file' | 'redis';
  deviceCreatedAt: string | null;
  /** True while an Android-comm call would carry a fallback QIMEI or session. */
  fallback: boolean;
  qimei: IdentityPartStatus;
  session: IdentityPartStatus;
}

/** What the canary's identity probe found: both services answered (then the values), or the QIMEI service did not. */
export interface IdentityCheck {
  qimei: QimeiPair | null;
  session: { uid: string; sid: string } | null;
}

/**
 * The client identity the Android comm carries (docs/upstream/identity.md): a device profile made once and kept
 * with the stored login, the QIMEI Tencent's QIMEI service issues for it, and the anonymous device session
 * (GetSession). Obtained at the first Android-comm call, then served from memory; renewed in the background once a
 * day old. When a service cannot be reached the call goes out anyway with the fallback identity (the last one issued,
 * else zeros), with one log line and the gauge `gateway_upstream_identity_fallback`; never a failed call for its sake.
 */
@Injectable()
export class ClientIdentity {
  private readonly logger = new Logger('ClientIdentity');
  private store: DeviceIdentityStore = new MemoryIdentityStore();
  private identity?: StoredIdentity;
  private loading?: Promise<void>;
  private renewing?: Promise<void>;
  /** The current outage of each service (its start and what failed), cleared when it answers again. */
  private readonly outage: Partial<Record<Part, { at: number; detail: string }>> = {};

  constructor(
    private readonly qimeiService: QimeiClient,
    private readonly sessions: DeviceSessionClient,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly work: BackgroundWork,
    private readonly fallbacks: UpstreamFallbacks,
  ) {}

  /** Where the identity is kept (the credentials module plugs the file or Redis store in at start-up). */
  useStore(store: DeviceIdentityStore): void {
    this.store = store;
  }

  /**
   * Resolves once an Android-comm call can be built: the first time after the identity is read (or made) and its
   * QIMEI and session obtained or given up; afterwards at once, starting a background renewal when one is due.
   */
  ready(): Promise<void> {
    if (this.identity) {
      this.renewIfDue();
      return RESOLVED;
    }
    this.loading ??= this.outsideRequest(() => this.load()).finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** The identity for an Android comm (after ready()): the issued values, or the fallback's for a part not issued. */
  android(): AndroidIdentity {
    if (!this.identity) throw new Error('ClientIdentity.android() before ready()');
    return androidIdentityOf(this.identity);
  }

  status(): IdentityStatus {
    const id = this.identity;
    const part = (name: Part, value: IssuedQimei | DeviceSession | undefined): IdentityPartStatus => ({
      state: !id ? 'not_needed_yet' : this.usesFallback(name) ? 'fallback' : 'issued',
      obtainedAt: value ? new Date(value.obtainedAt).toISOString() : null,
      problem: this.outage[name]?.detail ?? null,
    });
    return {
      store: this.store.kind,
      deviceCreatedAt: id?.device.createdAt ?? null,
      fallback: !!id && (this.usesFallback('qimei') || this.usesFallback('session')),
      qimei: part('qimei', id?.qimei),
      session: part('session', id?.session),
    };
  }

  /**
   * The canary's probe: asks both services now, for this device. A QIMEI service that does not answer is the
   * fallback (the canary's `fallback` state); a session refused or unreadable fails the probe. While the gateway runs
   * on the fallback, what the probe obtained is adopted: the recovery does not wait for the next retry.
   */
  async check(): Promise<IdentityCheck> {
    await this.ready();
    const id = this.identity!;
    let qimei: QimeiPair;
    try {
      qimei = await this.qimeiService.fetch(id.device, this.wallDate());
    } catch (err) {
      // Unreachable (no answer, 5xx, breaker open): the calls run on the fallback. A refusal or an unreadable answer
      // is the canary's `refused` / `changed`.
      if (!unreachable(err)) throw err;
      this.fallbacks.fellBack('QimeiProxy.GetQimei');
      return { qimei: null, session: null };
    }
    const issued: IssuedQimei = { ...qimei, obtainedAt: this.clock.wallNow() };
    const session = await this.sessions.open(this.androidOf({ ...id, qimei: issued }), id.session?.uid ?? '');
    if (this.usesFallback('qimei') || this.usesFallback('session')) {
      this.recovered('qimei');
      this.recovered('session');
      await this.adopt({ ...this.identity!, qimei: issued, session: { ...session, obtainedAt: this.clock.wallNow() } });
      this.publish();
    }
    return { qimei, session };
  }

  private async load(): Promise<void> {
    let stored: StoredIdentity | null = null;
    try {
      stored = (await this.store.load()) ?? (await this.store.create({ device: generateDeviceProfile(this.wallDate()) }));
    } catch (err) {
      this.logger.warn(`Cannot read or store the device identity (${this.store.kind}: ${(err as Error).message}); using one in memory until it can`);
    }
    const created = !stored;
    this.identity = stored ?? { device: generateDeviceProfile(this.wallDate()) };
    this.logger.log(`Device identity ${created ? 'made in memory' : `read from the ${this.store.kind} store`} (device made ${this.identity.device.createdAt})`);
    await this.renew();
  }

  /** Starts a background renewal when a part is a day old (or failed long enough ago); the call goes on meanwhile. */
  private renewIfDue(): void {
    if (this.renewing || !(this.due('qimei') || this.due('session'))) return;
    this.renewing = this.work.track('device identity renewal', this.outsideRequest(() => this.renew())).finally(() => (this.renewing = undefined));
  }

  /** Obtains what is due: a QIMEI, then a session (always after a new QIMEI). Never rejects. */
  private async renew(): Promise<void> {
    // Another instance sharing the store may have renewed already: take its values rather than asking again.
    if (this.store.kind === 'redis') {
      const shared = await this.store.load().catch(() => null);
      if (shared && shared.device.openUdid === this.identity!.device.openUdid) this.identity = { ...shared };
    }
    let id = this.identity!;
    let changed = false;
    if (this.due('qimei')) {
      const qimei = await this.attempt('qimei', () => this.qimeiService.fetch(id.device, this.wallDate()));
      if (qimei) {
        id = { ...id, qimei: { ...qimei, obtainedAt: this.clock.wallNow() } };
        changed = true;
      }
    }
    // A session is opened with a QIMEI: with none ever issued, asking would only fail a second service (and log it).
    if (id.qimei && (changed || this.due('session', id))) {
      const session = await this.attempt('session', () => this.sessions.open(this.androidOf(id), id.session?.uid ?? ''));
      if (session) {
        id = { ...id, session: { ...session, obtainedAt: this.clock.wallNow() } };
        changed = true;
      }
    }
    if (changed) await this.adopt(id);
    this.publish();
  }

  /** The fallback gauge of each part, after every change of the identity or of an outage. */
  private publish(): void {
    this.metrics.identityFallback.set({ part: 'qimei' }, this.usesFallback('qimei') ? 1 : 0);
    this.metrics.identityFallback.set({ part: 'session' }, this.usesFallback('session') ? 1 : 0);
  }

  /** One service's call: its value, or undefined after logging the outage's first failure (one line per outage). */
  private async attempt<T>(part: Part, call: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await call();
      this.metrics.identityRequests.inc({ part, outcome: 'issued' });
      this.recovered(part);
      return value;
    } catch (err) {
      const detail = describeFailure(err);
      this.metrics.identityRequests.inc({ part, outcome: 'failed' });
      const first = !this.outage[part];
      this.outage[part] = { at: this.clock.wallNow(), detail };
      if (first) {
        const kept = part === 'qimei' ? this.identity?.qimei : this.identity?.session;
        this.logger.warn(
          `The ${SERVICE_NAME[part]} failed (${detail}); Android-comm calls carry ${kept ? `the last ${part} issued` : `no ${part} ("0")`} ` +
            `until it answers (asked again every ${IDENTITY_RETRY_AFTER_MS / 60_000} min)`,
        );
      }
      return undefined;
    }
  }

  private recovered(part: Part): void {
    const outage = this.outage[part];
    if (!outage) return;
    delete this.outage[part];
    this.logger.log(`The ${SERVICE_NAME[part]} answers again (failing since ${new Date(outage.at).toISOString()})`);
  }

  private async adopt(id: StoredIdentity): Promise<void> {
    this.identity = id;
    try {
      await this.store.save(id);
    } catch (err) {
      this.logger.warn(`Cannot store the renewed device identity (${this.store.kind}: ${(err as Error).message}); it is used from memory`);
    }
  }

  /** Whether `part` should be asked for now: never issued or a day old, and its service not failing recently. */
  private due(part: Part, id = this.identity): boolean {
    const value = part === 'qimei' ? id?.qimei : id?.session;
    const now = this.clock.wallNow();
    const outage = this.outage[part];
    if (outage && now - outage.at < IDENTITY_RETRY_AFTER_MS) return false;
    return !value || now - value.obtainedAt >= IDENTITY_RENEW_AFTER_MS;
  }

  /** The Android comm carries a fallback for `part`: none was ever issued, or its service is failing. */
  private usesFallback(part: Part): boolean {
    const value = part === 'qimei' ? this.identity?.qimei : this.identity?.session;
    return !value || !!this.outage[part];
  }

  /** The identity a session request carries: this QIMEI, no session yet. */
  private androidOf(id: StoredIdentity): AndroidIdentity {
    return { ...androidIdentityOf(id), session: undefined };
  }

  private wallDate(): Date {
    return new Date(this.clock.wallNow());
  }

  /** Identity calls serve every caller: they run outside the request that happened to need them (its abort, its cookie). */
  private outsideRequest<T>(fn: () => Promise<T>): Promise<T> {
    return requestContext.exit(fn);
  }
}

/** The Android comm's identity fields of a stored identity: the issued values, "0" for a part never issued. */
function androidIdentityOf({ device, qimei, session }: StoredIdentity): AndroidIdentity {
  return {
    qimei16: qimei?.q16 ?? NOT_ISSUED,
    qimei36: qimei?.q36 ?? NOT_ISSUED,
    openUdid: device.openUdid,
    androidId: device.androidId,
    osRelease: device.osRelease,
    model: device.model,
    sdkLevel: device.sdkLevel,
    fingerprint: device.fingerprint,
    session: { uid: session?.uid ?? NOT_ISSUED, sid: session?.sid ?? NOT_ISSUED },
  };
}

const SERVICE_NAME: Record<Part, string> = { qimei: 'QIMEI service (QimeiProxy.GetQimei)', session: 'device session (music.getSession.session.GetSession)' };

/** A failure that is no answer at all: a timeout, a connection failure, a 5xx, an open circuit. */
function unreachable(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.kind === 'bad_status') return (err.details.status ?? 500) >= 500;
  return err.kind !== 'business' && err.kind !== 'bad_body';
}

/** A failure in words fit for a log line: the error kind and upstream code or status, never a body or a value. */
function describeFailure(err: unknown): string {
  if (!(err instanceof UpstreamError)) return (err as Error)?.message ?? String(err);
  const { upstreamCode, status } = err.details;
  return [err.kind, upstreamCode !== undefined ? `code ${upstreamCode}` : '', status !== undefined ? `HTTP ${status}` : ''].filter(Boolean).join(', ');
}
