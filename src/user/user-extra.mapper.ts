/**
 * Pure helpers of the user profile routes (getUserDetail, getUserLikedSongs, getLikedSongs, the collected / followed / fan lists):
 * upstream answers → the normalised data. Field names per docs/upstream/user.md. Unit-tested.
 */
import { withOldNames } from '../common/answer-schema';
import { isRecord } from '../common/catalogue';
import { mapPlaylistSong } from '../playlists/playlists.mapper';
import {
  type CollectedAlbum,
  FOLLOWED_SINGER_RENAMES,
  type FollowedSinger,
  type LikedInfo,
  type LikedSongsPage,
  type SocialUser,
  USER_PLAYLIST_RENAMES,
  USER_RENAMES,
  type UserDetail,
  type UserPlaylist,
} from './user.answers';

type Raw = Record<string, any>;

const items = (v: unknown): Raw[] => (Array.isArray(v) ? v.filter(isRecord) : []);
/** The first of `values` that is a finite number (or a numeric string), as a whole number (counts, ids), else undefined. */
const firstNumber = (...values: unknown[]): number | undefined => {
  for (const v of values) {
    if (v === undefined || v === null || v === '' || typeof v === 'boolean') continue;
    const n = Number(v);
    if (Number.isFinite(n)) return Math.trunc(n);
  }
  return undefined;
};
const text = (...values: unknown[]): string => {
  for (const v of values) if ((typeof v === 'string' && v) || typeof v === 'number') return String(v);
  return '';
};

/**
 * The `mymusic` item that is the user's liked list: one with a title that contains 喜欢, or of type 1 (how
 * sansenjian/qq-music-api picks it; an item without a title is never it). Undefined when there is none.
 */
export function findLikedEntry(data: Raw | undefined): Raw | undefined {
  return items(data?.mymusic).find((item) => typeof item.title === 'string' && item.title !== '' && (item.title.includes('喜欢') || Number(item.type) === 1));
}

export function mapLikedInfo(item: Raw): LikedInfo {
  return {
    id: text(item.id),
    title: text(item.title),
    songCount: firstNumber(item.num0) ?? 0,
    albumCount: firstNumber(item.num1) ?? 0,
    playlistCount: firstNumber(item.num2) ?? 0,
  };
}

/**
 * CgiGetDiss's data for the 我喜欢 list (docs/upstream/library.md "Read the liked songs") → a page of songs. The total
 * is `total_song_num`, else the list's `songnum`, else the page's length.
 */
export function mapLikedSongs(data: Raw | undefined): LikedSongsPage {
  const songs = items(data?.songlist).map(mapPlaylistSong).filter((s) => s.songmid !== '');
  return { songs, total: firstNumber(data?.total_song_num, data?.dirinfo?.songnum) ?? songs.length };
}

/** The homepage's `data` (creator, mydiss, mymusic) → the profile. */
export function mapUserDetail(data: Raw, uin: string): UserDetail {
  const creator = isRecord(data.creator) ? data.creator : {};
  const liked = findLikedEntry(data);
  return withOldNames(
    {
      uin,
      nick: text(creator.nick),
      avatarUrl: text(creator.headpic),
      encryptUin: text(creator.encrypt_uin),
      createdPlaylistCount: firstNumber(data.mydiss?.num) ?? items(data.mydiss?.list).length,
      liked: liked ? mapLikedInfo(liked) : null,
    },
    USER_RENAMES,
  );
}

/** `data.cdlist[]` of fcg_get_profile_order_asset.fcg (reqtype 3) → playlists, as getUserPlaylists lists them. */
export function mapCollectedPlaylists(data: Raw | undefined): UserPlaylist[] {
  return items(data?.cdlist)
    .map((item) => {
      const out: Omit<UserPlaylist, keyof typeof USER_PLAYLIST_RENAMES> = { dissid: text(item.dissid, item.tid), dissname: text(item.dissname, item.title) };
      const cover = text(item.logo, item.picurl);
      if (cover) out.cover = cover;
      const count = firstNumber(item.song_cnt, item.songnum, item.song_count);
      if (count !== undefined) out.songCount = count;
      return withOldNames(out, USER_PLAYLIST_RENAMES);
    })
    .filter((p) => p.dissid !== '' && p.dissid !== '0');
}

/** `data.albumlist[]` of fcg_get_profile_order_asset.fcg (reqtype 2) → albums. */
export function mapCollectedAlbums(data: Raw | undefined): CollectedAlbum[] {
  return items(data?.albumlist)
    .map((item) => {
      const out: CollectedAlbum = { albumMid: text(item.albummid), albumName: text(item.albumname) };
      const id = firstNumber(item.albumid);
      if (id !== undefined) out.albumId = id;
      if (typeof item.singername === 'string' && item.singername) out.singerName = item.singername;
      return out;
    })
    .filter((a) => a.albumMid !== '');
}

/** The total a list answer names (`data.totaldiss`, `data.totalalbum`, top-level `num`…), else the items' count. */
export function totalOf(values: unknown[], fallback: number): number {
  return firstNumber(...values) ?? fallback;
}

/** `list[]` of fcg_order_singer_getlist.fcg → singers. */
export function mapFollowedSingers(raw: Raw): FollowedSinger[] {
  return items(raw.list)
    .map((item) => {
      const out: Omit<FollowedSinger, keyof typeof FOLLOWED_SINGER_RENAMES> = { singerMID: text(item.mid, item.singermid), name: text(item.name, item.singername) };
      const id = firstNumber(item.singerid);
      if (id !== undefined) out.singerId = id;
      return withOldNames(out, FOLLOWED_SINGER_RENAMES);
    })
    .filter((s) => s.singerMID !== '');
}

/** `list[]` of friend_follow_or_listen_list.fcg → the users followed (or the fans). */
export function mapSocialUsers(raw: Raw): SocialUser[] {
  return items(raw.list)
    .map((item) =>
      withOldNames(
        {
          nick: text(item.nick, item.nickname, item.name),
          avatarUrl: text(item.headpic, item.logo, item.avatar),
          encryptUin: text(item.encrypt_uin, item.euin),
        },
        USER_RENAMES,
      ),
    )
    .filter((u) => u.nick !== '' || u.encryptUin !== '');
}
