import type { ShapeSpec } from '../shape/shape';

/**
 * What `mapSingerSong` (src/singers/singers.mapper.ts) and the total read of `SingersClient.hotSongs` answered by
 * GetSingerSongList (its `songs` key); the fallback's answer has other fields (the fallback witness says when).
 */
export const SINGER_SONGS_READS = {
  'raw.songs.data.totalNum': 'number',
  'raw.songs.data.songList': 'array',
  'raw.songs.data.songList[].songInfo|musicData': 'object',
  'raw.songs.data.songList[].songInfo|musicData.mid|songmid': 'string',
  'raw.songs.data.songList[].songInfo|musicData.id|songid': 'number',
  'raw.songs.data.songList[].songInfo|musicData.name|title|songname': 'string',
  'raw.songs.data.songList[].songInfo|musicData.singer': 'array',
  'raw.songs.data.songList[].songInfo|musicData.singer[].name': 'string',
  'raw.songs.data.songList[].songInfo|musicData.album.name': 'string',
  'raw.songs.data.songList[].songInfo|musicData.album.mid': 'string',
  'raw.songs.data.songList[].songInfo|musicData.interval': 'number',
} as const satisfies ShapeSpec;
