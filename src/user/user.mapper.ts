/** Pure helpers of the User module: uin normalisation, the homepage answer → playlists, avatar URLs. Unit-tested. */

import { withOldNames } from '../common/answer-schema';
import { USER_PLAYLIST_RENAMES, type UserPlaylist } from './user.answers';

type Raw = Record<string, any>;

/** Avatar sizes the image CDN serves (spec "Limits"). */
export const AVATAR_SIZES = [40, 100, 140, 640] as const;
export const DEFAULT_AVATAR_SIZE = 140;
/** getUserPlaylists paging defaults (spec: limit 30). */
export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 30;
/**
 * How long the user reads (playlists, liked songs, collected and followed lists) are cached: the gateway's own writes
 * invalidate them at once; this bounds how long a change made elsewhere (the QQ Music app) takes to show.
 */
export const USER_READ_TTL = 60;

/** A QQ/WeChat account number: digits only, at most 20 (WeChat musicids exceed 2^53, so never a JS number). */
export const UIN_PATTERN = /^\d{1,20}$/;
/** An avatar key as QQ issues it; the class keeps anything that could break out of the URL's query out. */
export const AVATAR_KEY_PATTERN = /^[A-Za-z0-9*_-]{1,128}$/;

/**
 * Accepts the cookie/session form `o0123456789` (a leading `o`, then zero padding) as well as plain digits:
 * strips the `o` and the leading zeros. Anything else is returned trimmed and unchanged (and fails validation).
 */
export function normalizeUin(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text) return undefined;
  const m = /^[oO]?(\d+)$/.exec(text);
  if (!m) return text;
  return m[1].replace(/^0+(?=\d)/, '');
}

/** A uin as the user routes read it (`o0123` → `123`): the value their cached answers are invalidated by. */
export const canonicalUin = (value: string): string => String(normalizeUin(value) ?? '');

/** `data.mydiss.list[]` of the c6 homepage answer → the spec's `{ dissid, dissname }` (+ cover and song count). */
export function mapUserPlaylists(data: Raw | undefined): UserPlaylist[] {
  const list: unknown = data?.mydiss?.list;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Raw => !!item && typeof item === 'object')
    .map((item) => {
      const out: Omit<UserPlaylist, keyof typeof USER_PLAYLIST_RENAMES> = {
        dissid: String(item.dissid ?? item.tid ?? ''),
        dissname: String(item.title ?? item.dissname ?? ''),
      };
      if (typeof item.picurl === 'string' && item.picurl) out.cover = item.picurl;
      const count = [item.song_cnt, item.songnum, item.song_num].find((n) => n !== undefined && n !== null && n !== '');
      if (count !== undefined && Number.isFinite(Number(count))) out.songCount = Math.trunc(Number(count));
      return withOldNames(out, USER_PLAYLIST_RENAMES);
    })
    .filter((p) => p.dissid !== '' && p.dissid !== '0');
}

/** `dissid → subtitle` of the homepage's `mydiss.list` items that carry a string `subtitle`. */
export function playlistSubtitles(data: Raw | undefined): Record<string, string> {
  const list: unknown = data?.mydiss?.list;
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (item && typeof item === 'object' && typeof item.subtitle === 'string') out[String(item.dissid ?? item.tid ?? '')] = item.subtitle;
  }
  return out;
}

/** True when the homepage answer names a user (`data.creator` present and not empty). */
export function hasCreator(data: Raw | undefined): boolean {
  const creator = data?.creator;
  if (!creator || typeof creator !== 'object') return false;
  return Object.values(creator).some((v) => v !== '' && v !== null && v !== undefined && v !== 0);
}

/** The supported size nearest to `size`; a tie goes to the larger size (sharper image). */
export function snapAvatarSize(size: number): number {
  let best: number = AVATAR_SIZES[0];
  for (const s of AVATAR_SIZES) {
    if (Math.abs(s - size) <= Math.abs(best - size)) best = s;
  }
  return best;
}

/** The CDN URL of an avatar: by key (thirdqq) or by account (q.qlogo). No upstream call. */
export function avatarUrl(by: { k: string } | { uin: string }, size: number): string {
  if ('k' in by) return `https://thirdqq.qlogo.cn/g?b=sdk&k=${encodeURIComponent(by.k)}&s=${size}`;
  return `https://q.qlogo.cn/headimg_dl?dst_uin=${encodeURIComponent(by.uin)}&spec=${size}`;
}
