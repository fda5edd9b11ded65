import type { ShapeSpec } from '../shape/shape';

/**
 * What `mapTrack` (src/music/music.mapper.ts) reads of `MusicClient.songDetail`, plus the file sizes the play-URL
 * flow picks a quality by (a 128 kbps file every playable song has; the others only when the song has them).
 */
export const SONG_DETAIL_READS = {
  'songinfo.track_info.id': 'number',
  'songinfo.track_info.mid': 'string',
  'songinfo.track_info.name': 'string',
  'songinfo.track_info.title?': 'string',
  'songinfo.track_info.singer': 'array',
  'songinfo.track_info.singer[].id': 'number',
  'songinfo.track_info.singer[].mid': 'string',
  'songinfo.track_info.singer[].name': 'string',
  'songinfo.track_info.album.id': 'number',
  'songinfo.track_info.album.mid': 'string',
  'songinfo.track_info.album.name': 'string',
  'songinfo.track_info.album.pmid?': 'string',
  'songinfo.track_info.album.time_public?': 'string',
  'songinfo.track_info.interval': 'number',
  'songinfo.track_info.time_public?': 'string',
  'songinfo.track_info.file.media_mid': 'string',
  'songinfo.track_info.file.size_128mp3': 'number',
  'songinfo.track_info.file.size_320mp3?': 'number',
  'songinfo.track_info.file.size_96aac?': 'number',
  'songinfo.track_info.file.size_flac?': 'number',
  'songinfo.track_info.file.size_ape?': 'number',
  'songinfo.track_info.file.size_48aac?': 'number',
  'songinfo.track_info.file.size_192aac?': 'number',
  'songinfo.track_info.file.size_96ogg?': 'number',
  'songinfo.track_info.file.size_192ogg?': 'number',
  'songinfo.track_info.file.size_hires?': 'number',
  // master, Atmos, Atmos 5.1, ogg 320 and 640 by index (docs/upstream/music.md "Quality ladder").
  'songinfo.track_info.file.size_new?': 'array',
} as const satisfies ShapeSpec;

/**
 * What /getLyric reads of `MusicClient.lyric`: the base64 `lyric` (its absence reads as "no lyric") and `trans`,
 * the translation, which most songs lack.
 */
export const LYRIC_READS = {
  'raw.lyric': 'string',
  'raw.trans?': 'string',
} as const satisfies ShapeSpec;

/**
 * What the play-URL flow (src/music/play-url.service.ts) reads of `MusicClient.vkeys`: each file's entry, matched by
 * file name (else song MID), its URL path and result code, and the stream hosts (`sip`; a fixed host without them).
 */
export const VKEY_READS = {
  'raw.req_0.data.midurlinfo': 'array',
  'raw.req_0.data.midurlinfo[].filename|songmid': 'string',
  'raw.req_0.data.midurlinfo[].purl|wifiurl': 'string',
  'raw.req_0.data.midurlinfo[].result?': 'number',
  'raw.req_0.data.sip?': 'array',
} as const satisfies ShapeSpec;
