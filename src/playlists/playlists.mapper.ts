import { withOldNames } from '../common/answer-schema';
import { albumCover, num, records, singerNames, str } from '../common/catalogue';
import type { SortId } from './dto/get-song-lists.dto';
import {
  type Category,
  type NewAlbumsPage,
  PLAYLIST_DETAIL_RENAMES,
  PLAYLIST_ITEM_RENAMES,
  type PlaylistDetail,
  type PlaylistPage,
  type PlaylistSong,
} from './playlists.answers';
/** Raw playlist / category / new-album payloads → the spec's records. Pure; unit-tested on the recorded fixtures. */

type Raw = Record<string, any>;

// The recommendation routes answer playlist song rows too: they import the type from here.
export type { PlaylistSong } from './playlists.answers';

/** `fcg_get_diss_by_tag.fcg` answer's `data` → one page of playlists. */
export function mapPlaylistPage(data: Raw | undefined, req: { categoryId: number; sortId: SortId; page: number; limit: number }): PlaylistPage {
  const list = records(data?.list);
  return {
    categoryId: req.categoryId,
    sortId: req.sortId,
    page: req.page,
    limit: req.limit,
    total: num(data?.sum ?? list.length),
    playlists: list.map((p) =>
      withOldNames(
        {
          dissid: str(p.dissid),
          dissname: str(p.dissname),
          creator: str(p.creator?.name ?? p.creator?.nick ?? (typeof p.creator === 'string' ? p.creator : '')),
          listen_num: num(p.listennum ?? p.listen_num),
          cover: str(p.imgurl),
          createTime: str(p.createtime),
          desc: str(p.introduction),
        },
        PLAYLIST_ITEM_RENAMES,
      ),
    ),
  };
}

/** `fcg_get_diss_tag_conf.fcg` answer's `data.categories` (groups of items) → a flat category list. */
export function mapCategories(groups: unknown): Category[] {
  return records(groups).flatMap((g) =>
    records(g.items).map((item) => ({ id: num(item.categoryId), name: str(item.categoryName), group: str(g.categoryGroupName) })),
  );
}

/** A song row in either track shape: the new one (`mid/name/singer[]/album{}`) or the old one (`songmid/songname`). */
export function mapPlaylistSong(s: Raw): PlaylistSong {
  const album: Raw = s.album ?? {};
  return {
    songname: str(s.songname ?? s.title ?? s.name),
    singer: typeof s.singer === 'string' ? s.singer : singerNames(s.singer),
    songmid: str(s.songmid ?? s.mid),
    songid: num(s.songid ?? s.id),
    albumName: str(s.albumname ?? album.name),
    albumMid: str(s.albummid ?? album.mid),
    interval: num(s.interval),
  };
}

/**
 * `music.srfDissInfo.DissInfo`/`CgiGetDiss` answer `{ dirinfo, songlist, total_song_num }` → detail;
 * null when upstream knows no such (visible) playlist (empty dirinfo).
 */
export function mapDissInfo(data: Raw | undefined, disstid: string): PlaylistDetail | null {
  const dir: Raw | undefined = data?.dirinfo;
  if (!dir || typeof dir !== 'object' || (!num(dir.id) && !str(dir.title))) return null;
  const songs = records(data?.songlist);
  return withOldNames(
    {
      dissid: str(dir.id || disstid),
      dissname: str(dir.title),
      desc: str(dir.desc),
      cover: str(dir.picurl ?? dir.picurl2),
      creator: str(dir.creator?.nick ?? dir.host_nick ?? dir.nick),
      listen_num: num(dir.listennum),
      tags: records(dir.tag ?? dir.tags).map((t) => ({ id: num(t.id), name: str(t.name) })),
      total: num(data?.total_song_num ?? dir.songnum ?? songs.length),
      songlist: songs.map(mapPlaylistSong),
    },
    PLAYLIST_DETAIL_RENAMES,
  );
}

/** The legacy CGI `fcg_ucc_getcdinfo_byids_cp.fcg` answer's `cdlist` → detail; null when empty (not found / private). */
export function mapCdlist(cdlist: unknown, disstid: string): PlaylistDetail | null {
  const cd = records(cdlist)[0];
  if (!cd || (!str(cd.dissname) && !records(cd.songlist).length)) return null;
  const songs = records(cd.songlist);
  return withOldNames(
    {
      dissid: str(cd.disstid || disstid),
      dissname: str(cd.dissname),
      desc: str(cd.desc),
      cover: str(cd.logo),
      creator: str(cd.nickname ?? cd.nick),
      listen_num: num(cd.visitnum),
      tags: records(cd.tags).map((t) => ({ id: num(t.id), name: str(t.name) })),
      total: num(cd.total_song_num ?? cd.songnum ?? songs.length),
      songlist: songs.map(mapPlaylistSong),
    },
    PLAYLIST_DETAIL_RENAMES,
  );
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/**
 * Any date form upstream uses → `YYYY-MM-DD`: a date string (`2024-05-01`, `2024/5/1`, `2024-05-01 10:00:00`,
 * `20240501`), or a Unix time in seconds or milliseconds (read in China time, where the catalogue lives).
 * '' when nothing usable.
 */
export function toIsoDate(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value).trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${m[1]}-${m[2]}-${m[3]}`;
  if (/^\d{9,13}$/.test(text)) {
    const n = Number(text);
    const ms = text.length >= 12 ? n : n * 1000;
    return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
  }
  return '';
}

/** `newalbum.NewAlbumServer`/`get_new_album_info` answer `{ albums[], total }` → the spec's album records. */
export function mapNewAlbums(data: Raw | undefined): Pick<NewAlbumsPage, 'total' | 'albums'> {
  const albums = records(data?.albums);
  return {
    total: num(data?.total ?? albums.length),
    albums: albums.map((a) => {
      const singers = records(a.singers ?? a.singer).map((s) => ({ id: num(s.id), mid: str(s.mid), name: str(s.name) }));
      const mid = str(a.mid);
      return {
        albumName: str(a.name ?? a.albumName),
        singerName: singerNames(singers),
        publicTime: toIsoDate(a.release_time ?? a.publicTime ?? a.public_time),
        albumMid: mid,
        albumId: num(a.id),
        cover: albumCover(str(a.photo?.pic_mid) || mid),
        singers,
      };
    }),
  };
}
