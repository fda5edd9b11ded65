/**
 * The payload decoder of QQ Music's lyric call `PlayLyricInfo` (docs/upstream/music.md "Word-by-word lyric"): hex → QQ
 * triple DES → zlib → UTF-8. Here, beside the client, because `MusicClient.lyric` decodes its fallback's answer itself;
 * the word-by-word formats (src/music) use it too. Pure; unit-tested, hostile inputs included.
 */
import { inflateSync } from 'node:zlib';
import { qrcCipher } from './qrc-cipher';

/** Longest payload decoded (hex digits; the recorded one has 9 120): bounds the decryption to a few ms. */
export const MAX_PAYLOAD_HEX = 256 * 1024;
/** Most bytes one payload may inflate to (the recorded one: 9 169): a zip bomb stops here, and parsing stays short. */
export const MAX_LYRIC_BYTES = 512 * 1024;

export type Decoded = { ok: true; text: string } | { ok: false; reason: string };

const HEX = /^[0-9A-Fa-f]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One lyric field of the answer: absent or '' → ''; hex → decrypted, inflated UTF-8 text; any other string is taken
 * as is (upstream sends plain text when not asked to encrypt). A payload that cannot be decoded says why.
 */
export function decodeLyricPayload(value: unknown): Decoded {
  if (value === undefined || value === null || value === '') return { ok: true, text: '' };
  if (typeof value !== 'string') return { ok: false, reason: `payload is a ${typeof value}, not text` };
  if (value.length > MAX_PAYLOAD_HEX) return { ok: false, reason: `payload of ${value.length} characters is over the ${MAX_PAYLOAD_HEX} limit` };
  if (!HEX.test(value)) return { ok: true, text: value };
  if (value.length % 2 !== 0) return { ok: false, reason: 'payload has an odd number of hex digits' };
  const cipher = Buffer.from(value, 'hex');
  if (cipher.length % 8 !== 0) return { ok: false, reason: `payload of ${cipher.length} bytes is not whole 8-byte blocks (truncated)` };
  let inflated: Buffer;
  try {
    inflated = inflateSync(qrcCipher(cipher, 'decrypt'), { maxOutputLength: MAX_LYRIC_BYTES });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { ok: false, reason: `payload inflates to more than ${MAX_LYRIC_BYTES} bytes` };
    return { ok: false, reason: `payload does not decrypt to a zlib stream (${(err as Error).message})` };
  }
  try {
    return { ok: true, text: utf8.decode(inflated).replace(/^\uFEFF/, '') };
  } catch {
    return { ok: false, reason: 'payload decrypts to text that is not UTF-8' };
  }
}
