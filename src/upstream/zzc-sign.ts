import { createHash } from 'node:crypto';

/**
 * Hex positions and XOR table of the zzc signature, as the Python QQMusicApi project (L-1124/QQMusicApi) and
 * sansenjian/qq-music-api compute it (docs/upstream/README.md "Signing").
 */
const PART1 = [23, 14, 6, 36, 16, 7, 19];
const PART2 = [16, 1, 32, 12, 19, 27, 8, 5];
const XOR = [89, 39, 179, 150, 218, 82, 58, 252, 177, 52, 186, 123, 120, 64, 242, 133, 143, 161, 121, 179];

/**
 * The `sign` of a musics.fcg call: computed over the exact UTF-8 body that is sent, so the caller serialises once,
 * signs that string and sends that same string (docs/upstream/README.md "Signing").
 */
export function zzcSign(body: string): string {
  const digest = createHash('sha1').update(body, 'utf8').digest();
  const hex = digest.toString('hex').toUpperCase();
  const part1 = PART1.map((i) => hex[i] ?? '').join('');
  const part2 = PART2.map((i) => hex[i] ?? '').join('');
  const part3 = Buffer.from(digest.map((byte, i) => byte ^ XOR[i]))
    .toString('base64')
    .replace(/[\\/+=]/g, '');
  return `zzc${part1}${part3}${part2}`.toLowerCase();
}
