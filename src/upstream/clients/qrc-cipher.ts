/**
 * The triple DES of QQ Music's lyric payloads (docs/upstream/music.md "Word-by-word lyric"): FIPS 46 DES, EDE3 in ECB,
 * with the desktop client's three deviations (QQ_VARIANT). Pure; the standard form is tested against OpenSSL, so a
 * deviation is the only thing the QQ form can differ by.
 */

/** What sets a DES apart: how a block's bytes map to bits, its S-boxes, and where PC-2 reads the D half. */
export interface DesVariant {
  /** Each 8-byte block (and key) is read and written as two little-endian 32-bit words instead of big-endian bytes. */
  littleEndianWords: boolean;
  /** The eight S-boxes, 64 entries each, row-major (row = outer bits, column = inner four). */
  sboxes: readonly (readonly number[])[];
  /** Added to PC-2's positions in the D half (1 = every bit one place later; the bit past D's end reads 0). */
  dHalfShift: number;
}

// FIPS 46-3 tables; positions count from 1 at the most significant bit.
const IP = [
  58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
  57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
];
const PC1 = [
  57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
  63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];
const PC2 = [
  14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
  41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
const P = [16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25];
const STANDARD_SBOXES: readonly (readonly number[])[] = [
  [14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7, 0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
    4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0, 15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13],
  [15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10, 3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
    0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15, 13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9],
  [10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8, 13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
    13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7, 1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12],
  [7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15, 13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
    10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4, 3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14],
  [2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9, 14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
    4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14, 11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3],
  [12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11, 10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
    9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6, 4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13],
  [4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1, 13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
    1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2, 6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12],
  [13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7, 1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
    7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8, 2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11],
];

/** S-boxes with two entries changed: S2 row 1 column 7 is 15 (FIPS: 14), S4 row 3 column 5 is 10 (FIPS: 1). */
function qqSboxes(): number[][] {
  const boxes = STANDARD_SBOXES.map((box) => [...box]);
  boxes[1][1 * 16 + 7] = 15;
  boxes[3][3 * 16 + 5] = 10;
  return boxes;
}

export const STANDARD_DES: DesVariant = { littleEndianWords: false, sboxes: STANDARD_SBOXES, dHalfShift: 0 };
export const QQ_VARIANT: DesVariant = { littleEndianWords: true, sboxes: qqSboxes(), dHalfShift: 1 };

/** QQ Music's lyric key: three DES keys, k1 ‖ k2 ‖ k3. */
export const QRC_KEY = Buffer.from('!@#)(*$%123ZXC!@!@#)(NHL', 'latin1');

const FP = IP.map((_, i) => IP.indexOf(i + 1) + 1);

/** Per input byte and value, the output bits it sets (two 32-bit words): a 64-bit permutation in eight lookups. */
function byteTables(table: readonly number[]): Uint32Array {
  const out = new Uint32Array(8 * 256 * 2);
  table.forEach((from, to) => {
    const byte = (from - 1) >> 3;
    const shift = 7 - ((from - 1) & 7);
    for (let v = 0; v < 256; v++) {
      if ((v >> shift) & 1) out[(byte * 256 + v) * 2 + (to >> 5)] |= 1 << (31 - (to & 31));
    }
  });
  return out;
}

function permute64(t: Uint32Array, hi: number, lo: number): [number, number] {
  let a = 0;
  let b = 0;
  for (let i = 0; i < 8; i++) {
    const byte = (i < 4 ? hi >>> (24 - 8 * i) : lo >>> (56 - 8 * i)) & 0xff;
    const at = (i * 256 + byte) * 2;
    a |= t[at];
    b |= t[at + 1];
  }
  return [a >>> 0, b >>> 0];
}

const IP_TABLE = byteTables(IP);
const FP_TABLE = byteTables(FP);

/** Per S-box and 6-bit input: its 4-bit output, in place, through P. One round's f is then eight lookups. */
function spTables(sboxes: readonly (readonly number[])[]): Uint32Array[] {
  return sboxes.map((box, i) => {
    const t = new Uint32Array(64);
    for (let v = 0; v < 64; v++) {
      const s = box[(((v >> 4) & 2) | (v & 1)) * 16 + ((v >> 1) & 15)];
      const placed = s << (28 - 4 * i);
      let out = 0;
      P.forEach((from, to) => {
        if ((placed >>> (32 - from)) & 1) out |= 1 << (31 - to);
      });
      t[v] = out >>> 0;
    }
    return t;
  });
}

/** The sixteen round keys of one 8-byte DES key, each as eight 6-bit S-box inputs. */
function roundKeys(key: Uint8Array, variant: DesVariant): Uint8Array[] {
  const bits = (i: number) => {
    // bit i (1-based) of the key as the variant reads bytes
    const byte = variant.littleEndianWords ? ((i - 1) >> 5) * 4 + 3 - (((i - 1) & 31) >> 3) : (i - 1) >> 3;
    return (key[byte] >> (7 - ((i - 1) & 7))) & 1;
  };
  let c = PC1.slice(0, 28).map(bits);
  let d = PC1.slice(28).map(bits);
  return SHIFTS.map((n) => {
    c = [...c.slice(n), ...c.slice(0, n)];
    d = [...d.slice(n), ...d.slice(0, n)];
    const k = new Uint8Array(8);
    PC2.forEach((from, j) => {
      const bit = from <= 28 ? c[from - 1] : (d[from - 29 + variant.dHalfShift] ?? 0);
      k[Math.floor(j / 6)] |= bit << (5 - (j % 6));
    });
    return k;
  });
}

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;

/** One DES pass over a block held as two words (after the variant's byte reading). */
function desBlock(hi: number, lo: number, keys: Uint8Array[], sp: Uint32Array[]): [number, number] {
  let [l, r] = permute64(IP_TABLE, hi, lo);
  for (const k of keys) {
    let f = 0;
    // S-box i reads R's bits 4i..4i+5 (1-based, wrapping), E's expansion
    for (let i = 0; i < 8; i++) f |= sp[i][(rotl(r, (4 * i + 31) & 31) >>> 26) ^ k[i]];
    [l, r] = [r, (l ^ f) >>> 0];
  }
  return permute64(FP_TABLE, r, l);
}

export type DesMode = 'encrypt' | 'decrypt';

/**
 * EDE3 over whole 8-byte blocks (ECB): encrypt = E(k3, D(k2, E(k1, x))), decrypt = D(k1, E(k2, D(k3, x))), as OpenSSL's
 * des-ede3-ecb. Throws on a length that is not a multiple of 8 or a key that is not 24 bytes.
 */
export function createTripleDes(key: Uint8Array, variant: DesVariant): (data: Uint8Array, mode: DesMode) => Buffer {
  if (key.length !== 24) throw new Error('triple DES needs a 24-byte key');
  const sp = spTables(variant.sboxes);
  const [k1, k2, k3] = [0, 8, 16].map((at) => roundKeys(key.subarray(at, at + 8), variant));
  const rev = (keys: Uint8Array[]) => [...keys].reverse();
  const stages: Record<DesMode, Uint8Array[][]> = {
    encrypt: [k1, rev(k2), k3],
    decrypt: [rev(k3), k2, rev(k1)],
  };
  return (data, mode) => {
    if (data.length % 8 !== 0) throw new Error(`cipher text of ${data.length} bytes is not whole 8-byte blocks`);
    const out = Buffer.alloc(data.length);
    const view = Buffer.from(data.buffer, data.byteOffset, data.length);
    const le = variant.littleEndianWords;
    for (let at = 0; at < data.length; at += 8) {
      let hi = le ? view.readUInt32LE(at) : view.readUInt32BE(at);
      let lo = le ? view.readUInt32LE(at + 4) : view.readUInt32BE(at + 4);
      for (const keys of stages[mode]) [hi, lo] = desBlock(hi, lo, keys, sp);
      if (le) {
        out.writeUInt32LE(hi, at);
        out.writeUInt32LE(lo, at + 4);
      } else {
        out.writeUInt32BE(hi, at);
        out.writeUInt32BE(lo, at + 4);
      }
    }
    return out;
  };
}

let qq: ReturnType<typeof createTripleDes> | undefined;

/** QQ Music's lyric cipher with its key (built once). */
export function qrcCipher(data: Uint8Array, mode: DesMode): Buffer {
  qq ??= createTripleDes(QRC_KEY, QQ_VARIANT);
  return qq(data, mode);
}
