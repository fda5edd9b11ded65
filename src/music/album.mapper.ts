/** Album payloads (musicu AlbumInfoServer + AlbumSongList, or the legacy CGI) → one normalised record. Pure. */
import { withOldNames } from '../common/answer-schema';
import { albumCover, records, singerNames } from '../common/catalogue';
import { isKnownAlbum } from '../upstream/clients/music.params';
import { ALBUM_SONG_RENAMES, type AlbumInfo, type AlbumSong } from './music.answers';

type Raw = Record<string, any>;

/** Keeps the YYYY-MM-DD of a date string ('2003-07-31', '2003-07-31 00:00:00'); anything else → ''. */
export function normaliseDate(value: unknown): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(String(value ?? '').trim());
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : '';
}

const mapSingers = (list: unknown): AlbumSong['singers'] =>
  records(list).map((s) => ({
    id: Number(s.id ?? s.singerID ?? 0),
    mid: String(s.mid ?? ''),
    name: String(s.name ?? ''),
  }));

/** musicu `GetAlbumSongList` data (`songList[].songInfo`) → the album's songs; rows without a MID are dropped. */
export function mapAlbumSongList(songList: Raw | undefined): AlbumSong[] {
  const rows: Raw[] = Array.isArray(songList?.songList) ? songList.songList : [];
  return rows
    .map((row) => row?.songInfo ?? row)
    .filter((s: Raw | undefined) => s && s.mid)
    .map((s: Raw) =>
      withOldNames(
        {
          songmid: String(s.mid),
          songid: Number(s.id ?? 0),
          songname: String(s.name ?? s.title ?? ''),
          singers: mapSingers(s.singer),
          interval: Number(s.interval ?? 0),
        },
        ALBUM_SONG_RENAMES,
      ),
    );
}

/**
 * musicu `GetAlbumDetail` data (`basicInfo`, `company`, `singer.singerList`) + `GetAlbumSongList` data
 * (`songList[].songInfo`, `totalNum`). null when upstream knows no such album (no name and no mid).
 */
export function mapAlbumFromMusicu(detail: Raw | undefined, songList: Raw | undefined): AlbumInfo | null {
  if (!isKnownAlbum(detail)) return null;
  const basic: Raw = detail?.basicInfo ?? {};
  const mid = String(basic.albumMid ?? '');
  const name = String(basic.albumName ?? '');
  const singers: Raw[] = Array.isArray(detail?.singer?.singerList) ? detail.singer.singerList : [];
  const songs = mapAlbumSongList(songList);
  return {
    albumId: Number(basic.albumID ?? basic.albumId ?? 0),
    albumMid: mid,
    albumName: name,
    singerName: singerNames(singers),
    publicTime: normaliseDate(basic.publishDate),
    cover: albumCover(String(basic.pmid || mid)),
    company: String(detail?.company?.name ?? ''),
    desc: String(basic.desc ?? ''),
    total: Number(songList?.totalNum ?? songs.length),
    songs,
  };
}

/** Legacy CGI `fcg_v8_album_info_cp.fcg` body `{ code, data: {…, list[]} }`; null for an unknown album. */
export function mapAlbumFromCgi(body: Raw | undefined): AlbumInfo | null {
  const data: Raw | null | undefined = body?.data;
  if (!data || (!data.mid && !data.name)) return null;
  const list: Raw[] = Array.isArray(data.list) ? data.list : [];
  const songs = list
    .filter((s) => s && s.songmid)
    .map((s) =>
      withOldNames(
        {
          songmid: String(s.songmid),
          songid: Number(s.songid ?? 0),
          songname: String(s.songname ?? ''),
          singers: mapSingers(s.singer),
          interval: Number(s.interval ?? 0),
        },
        ALBUM_SONG_RENAMES,
      ),
    );
  const mid = String(data.mid ?? '');
  return {
    albumId: Number(data.id ?? 0),
    albumMid: mid,
    albumName: String(data.name ?? ''),
    singerName: String(data.singername ?? ''),
    publicTime: normaliseDate(data.aDate),
    cover: albumCover(mid),
    company: String(data.company ?? ''),
    desc: String(data.desc ?? ''),
    total: Number(data.total ?? songs.length),
    songs,
  };
}
