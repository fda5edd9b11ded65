import { withOldNames } from '../common/answer-schema';
import { isRecord, num, records, scalarStr, str } from '../common/catalogue';
import { mapMvList } from '../mv/mv.mapper';
import type { PlaylistSong } from '../playlists/playlists.answers';
import { mapCdlist, mapDissInfo, mapPlaylistSong } from '../playlists/playlists.mapper';
import { DAILY_PLAYLIST_RENAMES, type DailySongs, RELATED_PLAYLIST_RENAMES, type RelatedMvs, type RelatedPlaylist, type RelatedPlaylists } from './recommend.answers';

/** Recommendation answers → the gateway's shapes. Pure; songs use the playlist detail's song item. */

type Raw = Record<string, any>;

/** A track as upstream nests it in recommendation lists: itself, or under `track` / `songInfo` / `data`. */
const unwrap = (item: Raw): Raw => (isRecord(item.track) ? item.track : isRecord(item.songInfo) ? item.songInfo : isRecord(item.data) && !item.mid ? item.data : item);

/** A list of tracks (any nesting) → song items, without songs that have no mid and without repeats. */
export function mapTracks(list: unknown): PlaylistSong[] {
  const seen = new Set<string>();
  return records(list)
    .map((item) => mapPlaylistSong(unwrap(item)))
    .filter((s) => s.songmid && !seen.has(s.songmid) && seen.add(s.songmid));
}

/** A station's answer (`tracks[]`; older answers `songlist[]` / `track_list[]`) → song items. */
export function mapRadioTracks(data: Raw | null | undefined): PlaylistSong[] {
  return mapTracks(data?.tracks ?? data?.songlist ?? data?.track_list ?? data?.list);
}

/**
 * GetSimilarSongs `vecSong[]{track}` (also seen: `vecSongNew[]` groups of songs), or the fallback's `songInfoList[]`
 * → song items (the first list present wins).
 */
export function mapSimilarSongs(data: Raw | null | undefined): PlaylistSong[] {
  const flat = records(data?.vecSong);
  if (flat.length) return mapTracks(flat);
  const groups = records(data?.vecSongNew);
  if (groups.length) return mapTracks(groups.flatMap((g) => records(g.vecSong ?? g.songs ?? g.songlist ?? g.vecSongs ?? (g.track ? [g] : []))));
  return mapTracks(data?.songInfoList ?? data?.songlist);
}

const coverOf = (v: unknown): string =>
  typeof v === 'string' ? v : isRecord(v) ? scalarStr(v.default_url ?? v.medium_url ?? v.big_url ?? v.small_url ?? v.url) : '';

/** One related playlist in any of the shapes seen (`tid`/`title`/`cover`, `dissid`/`dissname`/`imgurl`…). */
export function mapRelatedPlaylist(p: Raw): RelatedPlaylist {
  const b: Raw = isRecord(p.basic) ? p.basic : isRecord(p.Playlist?.basic) ? p.Playlist.basic : p;
  const creator = b.creator;
  return withOldNames(
    {
      dissid: str(b.tid ?? b.dissid ?? b.disstid ?? b.id ?? b.content_id),
      dissname: scalarStr(b.title ?? b.dissname ?? b.name),
      cover: coverOf(b.cover ?? b.picurl ?? b.imgurl ?? b.logo ?? b.cover_url_medium),
      creator: isRecord(creator) ? scalarStr(creator.nick ?? creator.name) : scalarStr(creator ?? b.nickname ?? b.nick ?? b.creator_nick),
      songCount: num(b.songnum ?? b.song_cnt ?? b.songcnt ?? b.song_num),
      listen_num: num(b.listennum ?? b.play_cnt ?? b.access_num ?? b.listen_num),
    },
    RELATED_PLAYLIST_RENAMES,
  );
}

/**
 * GetRelatedPlaylist: the batch `vecPlaylist[]` first, then the grouped `vecPlaylistNew[].playlists[]`; or the
 * fallback's `vec_gedan[]`. Without repeats and without items that have no id.
 */
export function mapRelatedPlaylists(data: Raw | null | undefined): RelatedPlaylists {
  const grouped = records(data?.vecPlaylistNew).flatMap((g) => records(g.playlists ?? g.vecPlaylist ?? g.list));
  const items = [...records(data?.vecPlaylist), ...grouped, ...records(data?.vec_gedan)];
  const seen = new Set<string>();
  const playlists = items.map(mapRelatedPlaylist).filter((p) => p.dissid && p.dissid !== '0' && !seen.has(p.dissid) && seen.add(p.dissid));
  return { playlists, hasMore: Boolean(num(data?.hasMore ?? data?.hasmore ?? data?.has_more)) };
}

/** GetSongRelatedMv `{ list[], hasmore }` → MV items (the MV list's item shape) and the cursor for the next batch. */
export function mapRelatedMvs(data: Raw | null | undefined): RelatedMvs {
  const { list } = mapMvList(data);
  const mvs = list.filter((m) => m.vid);
  return { mvs, hasMore: Boolean(num(data?.hasmore ?? data?.hasMore ?? data?.has_more)), lastMvid: mvs.length ? mvs[mvs.length - 1].mvId : 0 };
}

/**
 * The daily playlist read like any playlist (CgiGetDiss `dissInfo`, or the legacy CGI's `cdlist`) → the daily songs;
 * null when upstream shows no such playlist. The card's title and cover fill what the playlist lacks.
 */
export function mapDailySongs(
  detail: { dissInfo?: Raw; cdlist?: unknown },
  card: { id: string; title: string; cover: string },
): DailySongs | null {
  const playlist = detail.dissInfo !== undefined ? mapDissInfo(detail.dissInfo, card.id) : mapCdlist(detail.cdlist, card.id);
  if (!playlist) return null;
  return {
    playlist: withOldNames({ dissid: playlist.dissid || card.id, dissname: playlist.dissname || card.title, cover: playlist.cover || card.cover }, DAILY_PLAYLIST_RENAMES),
    songs: playlist.songlist.filter((s) => s.songmid),
    total: playlist.total,
  };
}
