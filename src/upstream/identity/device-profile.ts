import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/**
 * The Android device the gateway presents itself as (docs/upstream/identity.md "Parts"): generated once,
 * persisted with the stored login, and the same for every instance sharing it. The fields are the ones the Python
 * QQMusicApi project's device profile sends in the Android comm and the QIMEI request.
 */
export interface DeviceProfile {
  /** 16 lowercase hex digits (Android's ANDROID_ID): the comm's `aid`. */
  androidId: string;
  /** 32 lowercase hex digits: the comm's `OpenUDID`, `OpenUDID2` and `udid`. */
  openUdid: string;
  /** 15 digits passing the Luhn check. */
  imei: string;
  brand: string;
  model: string;
  /** The board name the QIMEI request sends as `dv`. */
  device: string;
  osRelease: string;
  sdkLevel: number;
  /** The build fingerprint: the comm's `rom`. */
  fingerprint: string;
  /** The kernel line the QIMEI request sends as `kernel`. */
  procVersion: string;
  /** When it was generated (ISO 8601). */
  createdAt: string;
}

/** The handset every generated profile describes (the one the Python project's profile describes); only the ids vary. */
const HANDSET = { brand: 'Xiaomi', model: 'MI 6', device: 'sagit', osRelease: '10', sdkLevel: 29 } as const;

/** A 15-digit IMEI whose last digit is the Luhn check digit of the first 14. */
export function randomImei(): string {
  const digits = Array.from({ length: 14 }, () => randomInt(10));
  const sum = digits.reduce((total, digit, i) => {
    if (i % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** A new device profile: random ids on the fixed handset. */
export function generateDeviceProfile(now: Date): DeviceProfile {
  const kernelTag = randomBytes(6).toString('base64url').slice(0, 8);
  return {
    androidId: randomBytes(8).toString('hex'),
    openUdid: randomUUID().replace(/-/g, ''),
    imei: randomImei(),
    ...HANDSET,
    fingerprint: `xiaomi/sagit/sagit:${HANDSET.osRelease}/QKQ1.190910.002/${randomInt(1_000_000, 10_000_000)}:user/release-keys`,
    procVersion: `Linux 4.4.153-perf-${kernelTag} (builder@android)`,
    createdAt: now.toISOString(),
  };
}

const HEX = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);
/**
 * A stored text field: printable ASCII (the generated ones are; they go into the comm, the QIMEI request and a
 * User-Agent header), at most 256 characters: a hand-edited or corrupted store cannot make every call carry megabytes.
 */
const TEXT = /^[\x20-\x7e]{1,256}$/;
const TEXT_FIELDS = ['brand', 'model', 'device', 'osRelease', 'fingerprint', 'procVersion', 'createdAt'] as const;

/**
 * A stored profile as read back (file or Redis), or undefined when it is not one: then a new one is generated. Only
 * the profile's own fields are kept.
 */
export function readDeviceProfile(value: unknown): DeviceProfile | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const p = value as Record<string, unknown>;
  if (TEXT_FIELDS.some((key) => typeof p[key] !== 'string' || !TEXT.test(p[key]))) return undefined;
  if (typeof p.androidId !== 'string' || !HEX(16).test(p.androidId)) return undefined;
  if (typeof p.openUdid !== 'string' || !HEX(32).test(p.openUdid)) return undefined;
  if (typeof p.imei !== 'string' || !/^\d{15}$/.test(p.imei)) return undefined;
  if (!Number.isInteger(p.sdkLevel) || (p.sdkLevel as number) < 1 || (p.sdkLevel as number) > 999) return undefined;
  if (Number.isNaN(Date.parse(p.createdAt as string))) return undefined;
  const text = (key: (typeof TEXT_FIELDS)[number]) => p[key] as string;
  return {
    androidId: p.androidId,
    openUdid: p.openUdid,
    imei: p.imei,
    brand: text('brand'),
    model: text('model'),
    device: text('device'),
    osRelease: text('osRelease'),
    sdkLevel: p.sdkLevel as number,
    fingerprint: text('fingerprint'),
    procVersion: text('procVersion'),
    createdAt: text('createdAt'),
  };
}
