import type { ShapeSpec } from '../shape/shape';

/**
 * What `mapDissInfo` (src/playlists/playlists.mapper.ts) reads of `PlaylistsClient.detail` answered by CgiGetDiss:
 * the playlist (a `dirinfo` without a title is "not found") and its songs; the rest may be missing.
 */
export const PLAYLIST_DETAIL_READS = {
  'dissInfo.dirinfo': 'object',
  'dissInfo.dirinfo.id?': 'number',
  'dissInfo.dirinfo.title': 'string',
  'dissInfo.dirinfo.desc?': 'string',
  'dissInfo.dirinfo.picurl|picurl2?': 'string',
  'dissInfo.dirinfo.creator.nick?': 'string',
  'dissInfo.dirinfo.host_nick?': 'string',
  'dissInfo.dirinfo.listennum?': 'number',
  'dissInfo.dirinfo.tag|tags?': 'array',
  'dissInfo.dirinfo.tag|tags[].id?': 'number',
  'dissInfo.dirinfo.tag|tags[].name?': 'string',
  'dissInfo.dirinfo.songnum?': 'number',
  'dissInfo.total_song_num?': 'number',
  'dissInfo.songlist': 'array',
  'dissInfo.songlist[].songname|title|name': 'string',
  'dissInfo.songlist[].singer': 'array',
  'dissInfo.songlist[].singer[].name': 'string',
  'dissInfo.songlist[].songmid|mid': 'string',
  'dissInfo.songlist[].songid|id': 'number',
  'dissInfo.songlist[].album.name': 'string',
  'dissInfo.songlist[].album.mid': 'string',
  'dissInfo.songlist[].interval': 'number',
} as const satisfies ShapeSpec;
