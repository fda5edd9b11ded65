import { withOldNames } from '../common/answer-schema';
import { albumCover, records } from '../common/catalogue';
import { SONG_SUMMARY_RENAMES, type SongSummary } from './music.answers';
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
