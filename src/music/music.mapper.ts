import { withOldNames } from '../common/answer-schema';
import { albumCover, records } from '../common/catalogue';
import { SONG_SUMMARY_RENAMES, type SongSummary, type SongFavCountAnswer } from './music.answers';
import type { GetSongFavCountQuery } from './dto/get-song-fav-count.dto';
import type { SongFavCountUpstream } from '../upstream/clients/music.client';
/** Raw song payloads → normalised records. Pure; unit-tested on the recorded fixtures. */

type Raw = Record<string, any>;

/** `songinfo.data.track_info` → summary; null when upstream has no such song (empty mid). */
export function mapTrack(track: Raw | undefined): SongSummary | null {
  if (!track || !track.mid) return null;
  const album: Raw = track.album ?? {};
  return withOldNames(
    {
      id: Number(track.id ?? 0),
      mid: String(track.mid),
      name: String(track.name ?? ''),
      title: String(track.title ?? track.name ?? ''),
      singers: records(track.singer).map((s) => ({
        id: Number(s.id ?? 0),
        mid: String(s.mid ?? ''),
        name: String(s.name ?? ''),
      })),
      album: {
        id: Number(album.id ?? 0),
        mid: String(album.mid ?? ''),
        name: String(album.name ?? ''),
        cover: albumCover(String(album.pmid || album.mid || '')),
      },
      interval: Number(track.interval ?? 0),
      publicTime: String(track.time_public ?? album.time_public ?? ''),
      mediaMid: String(track.file?.media_mid ?? ''),
    },
    SONG_SUMMARY_RENAMES,
  );
}

/**
 * GetSongFansNumberById's answer → GET /getSongFavCount's `data` (docs/upstream/music.md "Song favourite count"): the
 * song's entries of `m_numbers` and `m_show`, keyed by its id as text. Null when upstream knows no such song (404).
 */
export function mapSongFavCount(query: GetSongFavCountQuery, upstream: SongFavCountUpstream): SongFavCountAnswer | null {
  if (!upstream.songId) return null;
  const key = String(upstream.songId);
  const number: unknown = upstream.data.m_numbers?.[key];
  const shown: unknown = upstream.data.m_show?.[key];
  const count = typeof number === 'number' || (typeof number === 'string' && /^\d+$/.test(number)) ? Number(number) : NaN;
  return {
    songmid: query.songmid,
    songid: upstream.songId,
    favCount: Number.isSafeInteger(count) ? count : null,
    favCountText: typeof shown === 'string' || typeof shown === 'number' ? String(shown) : '',
  };
}
