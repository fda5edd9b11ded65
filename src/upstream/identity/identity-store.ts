import { readDeviceProfile, type DeviceProfile } from './device-profile';
import { isQimeiValue, isSessionSid, sessionUidOf } from './issued-values';

/** A QIMEI pair as the service issued it, and when (epoch milliseconds). */
export interface IssuedQimei {
  q16: string;
  q36: string;
  obtainedAt: number;
}

/** The anonymous device session (GetSession), and when it was opened (epoch milliseconds). */
export interface DeviceSession {
  uid: string;
  sid: string;
  obtainedAt: number;
}

/**
 * The gateway's client identity as stored: the device profile, and the last QIMEI and session issued to it (kept
 * after they age, as the fallback when their services cannot be reached).
 */
export interface StoredIdentity {
  device: DeviceProfile;
  qimei?: IssuedQimei;
  session?: DeviceSession;
}

/**
 * Where the identity is kept: beside the stored login (the identity file, or Redis when REDIS_URL is set, shared by
 * every instance). Plugged into ClientIdentity at start-up by the credentials module; in memory until then.
 */
export interface DeviceIdentityStore {
  readonly kind: 'memory' | 'file' | 'redis';
  /** The stored identity, null when there is none (or it is unreadable). Rejects when the store cannot be reached. */
  load(): Promise<StoredIdentity | null>;
  /** Stores `identity` unless one is stored already; resolves to the one stored (this one, or another instance's). */
  create(identity: StoredIdentity): Promise<StoredIdentity>;
  /** Replaces the stored identity (a new QIMEI or session). */
  save(identity: StoredIdentity): Promise<void>;
}

/** A stored identity read back, or null when it is not one (a new device profile is then made). */
export function readStoredIdentity(value: unknown): StoredIdentity | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, any>;
  const device = readDeviceProfile(v.device);
  if (!device) return null;
  const identity: StoredIdentity = { device };
  // A stored QIMEI or session is held to what its service may issue (issued-values.ts): else it is asked for again.
  const q = v.qimei;
  if (q && isQimeiValue(q.q16) && isQimeiValue(q.q36) && Number.isFinite(q.obtainedAt)) identity.qimei = { q16: q.q16, q36: q.q36, obtainedAt: q.obtainedAt };
  const s = v.session;
  if (s && typeof s.uid === 'string' && sessionUidOf(s.uid) && isSessionSid(s.sid) && Number.isFinite(s.obtainedAt)) {
    identity.session = { uid: s.uid, sid: s.sid, obtainedAt: s.obtainedAt };
  }
  return identity;
}

/** The store of a process that has none plugged in: the identity lives as long as the process. */
export class MemoryIdentityStore implements DeviceIdentityStore {
  readonly kind = 'memory' as const;
  private identity: StoredIdentity | null = null;

  async load(): Promise<StoredIdentity | null> {
    return this.identity;
  }

  async create(identity: StoredIdentity): Promise<StoredIdentity> {
    return (this.identity ??= identity);
  }

  async save(identity: StoredIdentity): Promise<void> {
    this.identity = identity;
  }
}
